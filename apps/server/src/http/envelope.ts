import { CODE_OK, CODE_REFUSED, CODE_UNAUTHENTICATED, envelopeSchema, type ErrorKey, type Lang, type SuccessKey } from '@tp/contracts';
import { z } from 'zod';
import { text } from './messages/index.js';

export { envelopeSchema };
/** Response schema for routes whose data is null. */
export const emptyEnvelope = envelopeSchema(z.null());

export function okEnvelope<T>(lang: Lang, data: T, key: SuccessKey = 'ok') {
  return { code: CODE_OK, msg: text(lang, key), data };
}

export interface RefusalBody {
  code: number;
  msg: string;
  data: null;
  error: ErrorKey;
  request_id?: string;
}

export function refusalEnvelope(lang: Lang, key: ErrorKey, vars: Record<string, string> = {}, msgOverride?: string): RefusalBody {
  return {
    code: key === 'not_logged_in' ? CODE_UNAUTHENTICATED : CODE_REFUSED,
    // A bad_request that names its field says which one.
    msg: msgOverride ?? (key === 'bad_request' && vars.field ? text(lang, 'bad_request_field', vars) : text(lang, key, vars)),
    data: null,
    error: key,
  };
}
