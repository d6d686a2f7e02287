import type { MessageKey } from '@tp/contracts';

/** Texts only the server writes (not refusal keys): the field-naming validation message, code mails. */
export const SERVER_TEXT_KEYS = [
  'bad_request_field',
  'code_subject',
  'code_text',
  'withdraw_code_text', // the code of send_email type 3: says what it confirms, and what to do if not asked for
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
  'memo_fund_hold',
  'memo_fund_income',
  'memo_fund_release',
  'memo_fund_refund',
  'memo_adjustment',
  'memo_option_stake',
  'memo_option_won',
  'memo_option_lost',
  'memo_option_tie',
  'memo_contract_open',
  'memo_contract_close',
  'memo_contract_cancel',
  'memo_negative_balance',
  'memo_copy_open',
  'memo_profit_share',
  'memo_loan_payout',
  'memo_loan_interest',
  'memo_loan_penalty',
  'memo_loan_repayment',
  // status_name of withdrawal records (0 pending, 1 paid, 2 rejected)
  'withdraw_status_0',
  'withdraw_status_1',
  'withdraw_status_2',
  // id_card_type_name of real-name records (1 id card, 2 passport, 3 driver license)
  'id_card_type_1',
  'id_card_type_2',
  'id_card_type_3',
] as const;
export type ServerTextKey = (typeof SERVER_TEXT_KEYS)[number];

export type TextKey = MessageKey | ServerTextKey;
/** One language's texts. `{field}` and `{code}` are placeholders. */
export type Messages = Record<TextKey, string>;
