import type { DrawCurrency, DrawMethod, Paged, WithdrawRecord } from '@tp/contracts';
import { api } from '../../../lib/api/client';

/** GET /api/account/draw_symbol_list: withdrawal currencies of a type (1 coin, 2 bank). */
export function fetchDrawCurrencies(type: number, signal?: AbortSignal): Promise<DrawCurrency[]> {
  return api.get<DrawCurrency[]>('/api/account/draw_symbol_list', { type }, { signal });
}

export interface DrawMethods { list: DrawMethod[]; drawCurrency: DrawCurrency | null }
/** GET /api/wallet/get_draw_method: the user's bound methods of a type (and currency). */
export function fetchDrawMethods(drawType: number, drawId: number | undefined, signal?: AbortSignal): Promise<DrawMethods> {
  return api.get<DrawMethods>('/api/wallet/get_draw_method', { draw_type: drawType, draw_id: drawId }, { signal });
}

export interface BindCoinForm { type: 1; draw_id: number; dc_address: string }
export interface BindBankForm {
  type: 2;
  draw_id: number;
  payee_account: string;
  payee_name: string;
  bank_name: string;
  bank_address?: string;
  bank_swift?: string;
  bank_branch?: string;
  beneficiary_currency?: string;
  remark?: string;
}
/** POST /api/wallet/bind_draw_method, under the key of the user's intent. */
export function bindDrawMethod(form: BindCoinForm | BindBankForm, idempotencyKey: string): Promise<DrawMethod> {
  return api.post<DrawMethod>('/api/wallet/bind_draw_method', { ...form }, { idempotencyKey, announce: true });
}

/** POST /api/wallet/del_draw_method. */
export function deleteDrawMethod(id: number): Promise<unknown> {
  return api.post('/api/wallet/del_draw_method', { id }, { announce: true });
}

export interface DrawForm { draw_currency_id: number; number: string; memo?: string; draw_method_id: number }
/** POST /api/account/draw, under the key of the user's intent. */
export function submitWithdrawal(form: DrawForm, idempotencyKey: string): Promise<WithdrawRecord> {
  return api.post<WithdrawRecord>('/api/account/draw', { ...form }, { idempotencyKey, announce: true });
}

/** GET /api/account/draw_list: withdrawal records of a type (1 coin, 2 bank). */
export function fetchWithdrawals(type: number, page: number, signal?: AbortSignal): Promise<Paged<WithdrawRecord>> {
  return api.get<Paged<WithdrawRecord>>('/api/account/draw_list', { type, page }, { signal });
}
