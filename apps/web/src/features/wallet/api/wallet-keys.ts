/**
 * Query keys of the wallet screens. They start with 'wallet' (logout drops them all) and carry
 * the token, so another user never sees a cached answer of the previous one.
 */
export const walletKeys = {
  history: (token: string | null, accountTypeId: number) => ['wallet', 'history', token, accountTypeId] as const,
  depositAddresses: (token: string | null) => ['wallet', 'depositAddresses', token] as const,
  bankCoins: (token: string | null) => ['wallet', 'bankCoins', token] as const,
  bankAccounts: (token: string | null, coin: number) => ['wallet', 'bankAccounts', token, coin] as const,
  charges: (token: string | null, type: number) => ['wallet', 'charges', token, type] as const,
  drawCurrencies: (token: string | null, type: number) => ['wallet', 'drawCurrencies', token, type] as const,
  drawMethods: (token: string | null, type: number, drawId?: number) => ['wallet', 'drawMethods', token, type, drawId ?? 0] as const,
  withdrawals: (token: string | null, type: number) => ['wallet', 'withdrawals', token, type] as const,
  transfers: (token: string | null) => ['wallet', 'transfers', token] as const,
  balance: ['wallet', 'balance'] as const,
};
