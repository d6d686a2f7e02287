import { defineModule } from '../define-module.js';

/** The ledger: owns the accounts, transactions and postings; every money movement goes through `post`. */
export const ledgerModule = defineModule({ name: 'ledger' });

export {
  post,
  postWithCompanions,
  holdPostings,
  baseCurrencyId,
  systemAccountId,
  openUserAccounts,
  ensureSystemAccount,
  verifyLedger,
  assertLedgerConsistent,
  LedgerError,
  InsufficientFundsError,
  type Bucket,
  type Posting,
  type PostInput,
  type LedgerViolation,
} from './ledger.service.js';
export { postBatch } from './ledger-batch.js';
export {
  findUserAccount,
  listUserAccounts,
  lockAccounts,
  postWithCompanionsStatement,
  sumUserPostingsByKinds,
  type CompanionStatement,
  type PostCompanion,
  type UserAccountRow,
} from './ledger.repository.js';
export { LEDGER_KINDS, TRADING_PROFIT_KINDS, SYSTEM_ACCOUNTS, BASE_CURRENCY, type LedgerKind, type SystemAccountCode } from './ledger-kinds.js';
