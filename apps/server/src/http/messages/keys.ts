import type { MessageKey } from '@tp/contracts';

/** Texts only the server writes (not refusal keys): the field-naming validation message, code mails. */
export const SERVER_TEXT_KEYS = [
  'bad_request_field',
  'code_subject',
  'code_text',
  // MemoTran of account history items, by ledger transaction kind
  'memo_deposit',
  'memo_withdrawal',
  'memo_withdrawal_paid',
  'memo_withdrawal_released',
  'memo_transfer_out',
  'memo_transfer_in',
  'memo_demo_funding',
  'memo_demo_reset',
  'memo_other',
  // status_name of withdrawal records (0 pending, 1 paid, 2 rejected)
  'withdraw_status_0',
  'withdraw_status_1',
  'withdraw_status_2',
] as const;
export type ServerTextKey = (typeof SERVER_TEXT_KEYS)[number];

export type TextKey = MessageKey | ServerTextKey;
/** One language's texts. `{field}` and `{code}` are placeholders. */
export type Messages = Record<TextKey, string>;
