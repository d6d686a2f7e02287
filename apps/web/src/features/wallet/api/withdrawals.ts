import { CODE_PURPOSE, notifyEndpoints, withdrawalsEndpoints, type DrawCurrency, type DrawMethod, type Paged, type WithdrawRecord, type DrawInput, type EndpointData, type EndpointInput } from '@tp/contracts';
import { call } from '../../../lib/api/client';

/** GET /api/account/draw_symbol_list: withdrawal currencies of a type (1 coin, 2 bank). */
export function fetchDrawCurrencies(type: number, signal?: AbortSignal): Promise<DrawCurrency[]> {
  return call(withdrawalsEndpoints.currencies, { type }, { signal });
}

export type DrawMethods = EndpointData<typeof withdrawalsEndpoints.methods>;
/** GET /api/wallet/get_draw_method: the user's bound methods of a type (and currency). */
export function fetchDrawMethods(drawType: number, drawId: number | undefined, signal?: AbortSignal): Promise<DrawMethods> {
  return call(withdrawalsEndpoints.methods, { draw_type: drawType, draw_id: drawId }, { signal });
}

/** A coin address or a bank account as the form sends it (the server trims and drops empty fields). */
export type BindDrawMethodForm = EndpointInput<typeof withdrawalsEndpoints.bindMethod>;

/** POST /api/wallet/bind_draw_method, under the key of the user's intent. */
export function bindDrawMethod(form: BindDrawMethodForm, idempotencyKey: string): Promise<DrawMethod> {
  return call(withdrawalsEndpoints.bindMethod, { ...form }, { idempotencyKey, announce: true });
}

/** POST /api/wallet/del_draw_method. */
export function deleteDrawMethod(id: number): Promise<unknown> {
  return call(withdrawalsEndpoints.deleteMethod, { id }, { announce: true });
}

/** POST /api/account/draw, under the key of the user's intent. */
export function submitWithdrawal(form: DrawInput, idempotencyKey: string): Promise<WithdrawRecord> {
  return call(withdrawalsEndpoints.draw, { ...form }, { idempotencyKey, announce: true });
}

/** GET /api/account/draw_list: withdrawal records of a type (1 coin, 2 bank). */
export function fetchWithdrawals(type: number, page: number, signal?: AbortSignal): Promise<Paged<WithdrawRecord>> {
  return call(withdrawalsEndpoints.list, { type, page }, { signal });
}

/**
 * POST /api/notify/send_email type 3: a code to the signed-in account's own e-mail, which confirms
 * binding a withdrawal method or a withdrawal (the server ignores any other address).
 */
export function sendWithdrawCode(): Promise<unknown> {
  return call(notifyEndpoints.sendEmail, { type: CODE_PURPOSE.withdrawal }, { announce: true });
}
