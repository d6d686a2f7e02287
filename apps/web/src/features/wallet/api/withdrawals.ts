import { endpoints, type DrawCurrency, type DrawMethod, type Paged, type WithdrawRecord, type DrawInput, type EndpointData, type EndpointInput } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /api/account/draw_symbol_list: withdrawal currencies of a type (1 coin, 2 bank). */
export function fetchDrawCurrencies(type: number, signal?: AbortSignal): Promise<DrawCurrency[]> {
  return call(endpoints.withdrawals.currencies, { type }, { signal });
}

export type DrawMethods = EndpointData<typeof endpoints.withdrawals.methods>;
/** GET /api/wallet/get_draw_method: the user's bound methods of a type (and currency). */
export function fetchDrawMethods(drawType: number, drawId: number | undefined, signal?: AbortSignal): Promise<DrawMethods> {
  return call(endpoints.withdrawals.methods, { draw_type: drawType, draw_id: drawId }, { signal });
}

/** A coin address or a bank account as the form sends it (the server trims and drops empty fields). */
export type BindDrawMethodForm = EndpointInput<typeof endpoints.withdrawals.bindMethod>;

/** POST /api/wallet/bind_draw_method, under the key of the user's intent. */
export function bindDrawMethod(form: BindDrawMethodForm, idempotencyKey: string): Promise<DrawMethod> {
  return call(endpoints.withdrawals.bindMethod, { ...form }, { idempotencyKey, announce: true });
}

/** POST /api/wallet/del_draw_method. */
export function deleteDrawMethod(id: number): Promise<unknown> {
  return call(endpoints.withdrawals.deleteMethod, { id }, { announce: true });
}

/** POST /api/account/draw, under the key of the user's intent. */
export function submitWithdrawal(form: DrawInput, idempotencyKey: string): Promise<WithdrawRecord> {
  return call(endpoints.withdrawals.draw, { ...form }, { idempotencyKey, announce: true });
}

/** GET /api/account/draw_list: withdrawal records of a type (1 coin, 2 bank). */
export function fetchWithdrawals(type: number, page: number, signal?: AbortSignal): Promise<Paged<WithdrawRecord>> {
  return call(endpoints.withdrawals.list, { type, page }, { signal });
}
