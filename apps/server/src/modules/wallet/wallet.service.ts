import { ACCOUNT_LOG_TYPES, ACCOUNT_TYPES, type AccountLogPage, type AccountTypeName, type BalanceAccount, type Lang, type TransferInput, type TransferRecord } from '@tp/contracts';
import { Decimal, fixed } from '@tp/domain';
import type { Executor } from '../../db/database.js';
import type { ActionResult } from '../../http/idempotency.js';
import { text, type TextKey } from '../../http/messages/index.js';
import { refuse } from '../../http/refusal.js';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { wireMoney } from '../../lib/wire-money.js';
import { LEDGER_KINDS, baseCurrencyId, findUserAccount, InsufficientFundsError, listUserAccounts, post } from '../ledger/index.js';
import * as repo from './wallet.repository.js';

/** Amounts on the wire carry 8 decimals, rounded toward zero (never show more than is there). */
export const WIRE_PLACES = 8;

const TYPE_NAMES = Object.fromEntries(Object.entries(ACCOUNT_TYPES).map(([name, id]) => [id, name])) as Record<number, AccountTypeName>;

export async function balances(db: Executor, userId: number): Promise<BalanceAccount[]> {
  const rows = await listUserAccounts(db, userId);
  return rows
    .filter((r) => TYPE_NAMES[r.account_type] !== undefined)
    .map((r) => ({
      accountTypeId: r.account_type,
      type: TYPE_NAMES[r.account_type]!,
      balance: fixed(r.balance, WIRE_PLACES, 'down'),
      lockBalance: fixed(r.lock_balance, WIRE_PLACES, 'down'),
      currencyId: r.currency_id,
      currency: r.currency,
    }));
}

/** The user's own account of a type in the base currency; there is no other user's account to name. */
export async function ownAccount(db: Executor, userId: number, accountType: number) {
  const account = await findUserAccount(db, userId, accountType, await baseCurrencyId(db));
  if (!account) refuse('not_found');
  return account;
}

/** One history line: what a ledger transaction did to one account's available and held amounts. */
export interface HistoryLine {
  available: Decimal;
  held: Decimal;
}

/** History Type and the key of the localized MemoTran of one line. */
export interface LineText {
  type: number;
  memoKey: TextKey;
}

type KnownKind = (typeof LEDGER_KINDS)[keyof typeof LEDGER_KINDS];

const other = (memoKey: TextKey): LineText => ({ type: ACCOUNT_LOG_TYPES.other, memoKey });

/**
 * The text of each ledger kind in a user's history. Typed over every kind of LEDGER_KINDS, so a
 * new kind cannot reach the history without its own text (a line that only said "Other" told the
 * user nothing about a trade, an option or a cancel). Kinds the spec's Type numbers predate show
 * under Type 9 (other): clients that read only Type keep working, MemoTran names the movement.
 */
const KIND_TEXTS: { [K in KnownKind]: LineText | ((line: HistoryLine) => LineText) } = {
  deposit: { type: ACCOUNT_LOG_TYPES.deposit, memoKey: 'memo_deposit' },
  withdrawal_hold: { type: ACCOUNT_LOG_TYPES.withdrawal, memoKey: 'memo_withdrawal' },
  withdrawal_paid: { type: ACCOUNT_LOG_TYPES.withdrawal_paid, memoKey: 'memo_withdrawal_paid' },
  withdrawal_release: { type: ACCOUNT_LOG_TYPES.withdrawal_released, memoKey: 'memo_withdrawal_released' },
  transfer: ({ available }) =>
    available.isNegative()
      ? { type: ACCOUNT_LOG_TYPES.transfer_out, memoKey: 'memo_transfer_out' }
      : { type: ACCOUNT_LOG_TYPES.transfer_in, memoKey: 'memo_transfer_in' },
  demo_funding: { type: ACCOUNT_LOG_TYPES.demo_funding, memoKey: 'memo_demo_funding' },
  demo_reset: { type: ACCOUNT_LOG_TYPES.demo_reset, memoKey: 'memo_demo_reset' },
  // Type 10: clients show the staff's own Memo; MemoTran still says what it is.
  adjustment: { type: ACCOUNT_LOG_TYPES.memo, memoKey: 'memo_adjustment' },
  micro_stake: other('memo_option_stake'),
  // The held stake leaves and what comes back is available: more than the stake is a win, the
  // stake itself a tie, less a loss (all of it, or part with a loss level).
  micro_settlement: ({ available, held }) => {
    const net = available.plus(held);
    return other(net.gt(0) ? 'memo_option_won' : net.isZero() ? 'memo_option_tie' : 'memo_option_lost');
  },
  forex_open: other('memo_contract_open'),
  // A close releases the position's margin on its owner's account. A trader's account takes only
  // the profit share of a follower's closing copy, in that close's transaction: nothing released there.
  forex_close: ({ available, held }) => other(held.isZero() && available.gt(0) ? 'memo_profit_share' : 'memo_contract_close'),
  forex_cancel: other('memo_contract_cancel'),
  forex_negative_balance_protection: other('memo_negative_balance'),
  fund_hold: other('memo_fund_hold'),
  fund_income: other('memo_fund_income'),
  fund_release: other('memo_fund_release'),
  fund_refund: other('memo_fund_refund'),
  follow_copy_open: other('memo_copy_open'),
  loan_payout: other('memo_loan_payout'),
  loan_interest: other('memo_loan_interest'),
  loan_penalty: other('memo_loan_penalty'),
  loan_repayment: other('memo_loan_repayment'),
  // A sample trader's starting money comes in as a deposit does, named for what it is.
  sample_funding: { type: ACCOUNT_LOG_TYPES.deposit, memoKey: 'memo_sample_funding' },
};

function isKnownKind(kind: string): kind is KnownKind {
  return Object.hasOwn(KIND_TEXTS, kind);
}

/** History Type and MemoTran key of a ledger transaction kind, seen from one account. */
export function describeLine(kind: string, line: HistoryLine): LineText {
  if (!isKnownKind(kind)) return other('memo_other');
  const entry = KIND_TEXTS[kind];
  return typeof entry === 'function' ? entry(line) : entry;
}

/** Postings on one of the user's accounts, newest first, with the account's available and frozen amounts. */
export async function accountLog(db: Executor, userId: number, accountType: number, page: number, lang: Lang): Promise<AccountLogPage> {
  const account = await ownAccount(db, userId, accountType);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.accountHistory(db, account.id, limit, offset), repo.countAccountHistory(db, account.id)]);
  const data = rows.map((r) => {
    const available = new Decimal(r.available);
    const { type, memoKey } = describeLine(r.kind, { available, held: new Decimal(r.held) });
    return {
      Id: String(r.id),
      // Signed amounts: rounding toward zero keeps "-0.000000001" from showing as a cent.
      Value: wireMoney(available),
      FrozenValue: wireMoney(r.held),
      Type: type,
      Memo: r.memo,
      MemoTran: text(lang, memoKey),
      Kind: r.kind,
      CreatedAtTran: wireDateTime(r.created_at),
    };
  });
  return { ...paged(data, total, page), accountTypeId: accountType, available: wireMoney(account.balance), frozen: wireMoney(account.lock_balance) };
}

function toTransferRecord(r: { id: number; amount: string; from_type: number; to_type: number; currency_id: number; created_at: Date }): TransferRecord {
  return { id: r.id, balance: wireMoney(r.amount), from: r.from_type, to: r.to_type, currency_id: r.currency_id, created_at: wireDateTime(r.created_at) };
}

/**
 * Moves money between two of the user's own accounts: one ledger transaction. The ledger locks
 * both accounts in id order, so concurrent transfers serialize and none can overdraw.
 */
export async function transfer(trx: Executor, userId: number, input: TransferInput): Promise<ActionResult<TransferRecord>> {
  if (input.from === input.to) refuse('same_account');
  const currencyId = await baseCurrencyId(trx);
  if (input.currency_id !== currencyId) refuse('bad_request', { field: 'currency_id' });
  const from = await ownAccount(trx, userId, input.from);
  const to = await ownAccount(trx, userId, input.to);
  const amount = new Decimal(input.balance);
  let transactionId: string;
  try {
    transactionId = await post(trx, {
      kind: LEDGER_KINDS.transfer,
      memo: `Transfer ${TYPE_NAMES[input.from]} -> ${TYPE_NAMES[input.to]}`,
      postings: [
        { accountId: from.id, bucket: 'available', amount: amount.neg() },
        { accountId: to.id, bucket: 'available', amount },
      ],
    });
  } catch (err) {
    if (err instanceof InsufficientFundsError) refuse('insufficient_balance');
    throw err;
  }
  const row = await repo.insertTransfer(trx, {
    user_id: userId,
    from_type: input.from,
    to_type: input.to,
    currency_id: currencyId,
    amount: amount.toFixed(),
    ledger_transaction_id: transactionId,
  });
  return { data: toTransferRecord(row), key: 'transfer_done' };
}

export async function transferLog(db: Executor, userId: number, accountType: number | undefined, page: number) {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listTransfers(db, userId, accountType, limit, offset), repo.countTransfers(db, userId, accountType)]);
  return paged(rows.map(toTransferRecord), total, page);
}
