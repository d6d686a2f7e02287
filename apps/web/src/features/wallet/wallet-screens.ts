// The wallet feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { AccountsPage } from './routes/accounts-page';
export { ChargePage } from './routes/charge-page';
export { HistoryPage } from './routes/history-page';
export { MethodListPage } from './routes/method-list-page';
export { TransferPage } from './routes/transfer-page';
export { WalletPage } from './routes/wallet-page';
export { WithdrawPage } from './routes/withdraw-page';
export { WithdrawWayPage } from './routes/withdraw-way-page';
