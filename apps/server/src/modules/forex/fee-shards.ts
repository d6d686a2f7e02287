import { SYSTEM_ACCOUNTS } from '../ledger/index.js';

/**
 * Fees go to one of FEE_SHARDS house accounts chosen by user (`fee_revenue.<n>`, for demo
 * `house_demo_fee.<n>`), created on first use. One shared fee account would be a hot row: every
 * submit would hold its lock until commit and orders would be placed one at a time. Fee revenue is
 * the sum of the shards. A user's fee always goes to and comes back from the same shard.
 */
export const FEE_SHARDS = 16;
const DEMO_FEE = 'house_demo_fee';

export function feeShardCode(isDemo: boolean, userId: number): string {
  return `${isDemo ? DEMO_FEE : SYSTEM_ACCOUNTS.feeRevenue}.${userId % FEE_SHARDS}`;
}

/**
 * feeShardCode in SQL, over SQL expressions of the user's demo flag and id: the submit's read
 * finds the user from the token and the user's shard in the same statement. A test holds the two
 * to the same answers.
 */
export function feeShardCodeSql(isDemo: string, userId: string): string {
  return `(CASE WHEN ${isDemo} THEN '${DEMO_FEE}' ELSE '${SYSTEM_ACCOUNTS.feeRevenue}' END || '.' || (${userId} % ${FEE_SHARDS}))`;
}
