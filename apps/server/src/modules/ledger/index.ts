import { defineModule } from '../define-module.js';
import { ledgerAdminRoutes } from './ledger-admin-reads.routes.js';

/** The ledger: owns the accounts, transactions and postings; every money movement goes through `post`. */
// adminRoutes: a user's statement in the admin console.
export const ledgerModule = defineModule({ name: 'ledger', adminRoutes: ledgerAdminRoutes });

export {
  post,
  holdPostings,
  baseCurrencyId,
  systemAccountId,
  openUserAccounts,
  ensureSystemAccount,
  verifyLedger,
  verifyHolds,
  assertLedgerConsistent,
  LedgerError,
  AlreadyPostedError,
  InsufficientFundsError,
  GuardFailedError,
  type Bucket,
  type Posting,
  type PostInput,
  type Companions,
  type LedgerViolation,
  type HoldSource,
  type HoldViolation,
} from './ledger.service.js';
export {
  findUserAccount,
  findUserAccountIdOfType,
  listUserAccounts,
  lockAccounts,
  postWithCompanionsStatement,
  sumUserPostingsByKinds,
  type CompanionStatement,
  type PostCompanion,
  type PostGuard,
  type UserAccountRow,
} from './ledger.repository.js';
export { GroupCommitter, type BatchCompanion, type BatchedPost, type GroupCommitStats } from './group-commit.js';
export { postMany, ensureSystemAccounts } from './ledger-bulk.js';
export { houseDayTotals, type HouseDayRow } from './house-day.js';
export { LEDGER_KINDS, TRADING_PROFIT_KINDS, SYSTEM_ACCOUNTS, BASE_CURRENCY, type LedgerKind, type SystemAccountCode } from './ledger-kinds.js';
