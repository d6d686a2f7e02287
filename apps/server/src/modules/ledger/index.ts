import { defineModule } from '../define-module.js';

/** The ledger: owns the accounts, transactions and postings; every money movement goes through `post`. */
export const ledgerModule = defineModule({ name: 'ledger' });

export {
  post,
  holdPostings,
  baseCurrencyId,
  systemAccountId,
  openUserAccounts,
  ensureSystemAccount,
  verifyLedger,
  assertLedgerConsistent,
  LedgerError,
  AlreadyPostedError,
  InsufficientFundsError,
  type Bucket,
  type Posting,
  type PostInput,
  type Companions,
  type LedgerViolation,
} from './ledger.service.js';
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
