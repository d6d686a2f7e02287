import { realNameEndpoints, type RealNameCenter } from '@tp/contracts';
import { call } from '../../../lib/api/client';

export const realNameKey = ['identity', 'center'] as const;

/** GET /api/user_real/center: the view (review_status) and what was submitted. */
export function fetchRealNameCenter(signal?: AbortSignal): Promise<RealNameCenter> {
  return call(realNameEndpoints.center, {}, { signal, silent: true });
}

export interface RealNameForm {
  name: string;
  id_card_type: number;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
}

/** POST /api/user_real/real_name. No check before sending (spec section 5): the server says what is missing. */
export function submitRealName(form: RealNameForm): Promise<RealNameCenter> {
  return call(realNameEndpoints.submit, form, { announce: true });
}

