import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/*
 * Every feature's screens are a chunk of their own, fetched the first time a route shows one, so
 * a new feature adds nothing to the first load. The home screen is not here: it is the first
 * screen and stays in the entry chunk.
 */

const auth = () => import('../features/auth/auth-screens');
const account = () => import('../features/account/account-screens');
const settings = () => import('../features/settings/settings-screens');
const market = () => import('../features/market/market-screens');
const wallet = () => import('../features/wallet/wallet-screens');
const forex = () => import('../features/forex/forex-screens');
const micro = () => import('../features/micro/micro-screens');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
function screen<C extends ComponentType<any>>(load: () => Promise<C>): LazyExoticComponent<C> {
  return lazy(async () => ({ default: await load() }));
}

export const LoginPage = screen(() => auth().then((m) => m.LoginPage));
export const RegisterPage = screen(() => auth().then((m) => m.RegisterPage));
export const ForgotPage = screen(() => auth().then((m) => m.ForgotPage));
export const PasswordPage = screen(() => account().then((m) => m.PasswordPage));
export const SystemPage = screen(() => account().then((m) => m.SystemPage));
export const UserPage = screen(() => account().then((m) => m.UserPage));
export const LanguagePage = screen(() => settings().then((m) => m.LanguagePage));
export const ProductPage = screen(() => market().then((m) => m.ProductPage));
export const TradePage = screen(() => market().then((m) => m.TradePage));
export const AccountsPage = screen(() => wallet().then((m) => m.AccountsPage));
export const ChargePage = screen(() => wallet().then((m) => m.ChargePage));
export const HistoryPage = screen(() => wallet().then((m) => m.HistoryPage));
export const MethodListPage = screen(() => wallet().then((m) => m.MethodListPage));
export const TransferPage = screen(() => wallet().then((m) => m.TransferPage));
export const WalletPage = screen(() => wallet().then((m) => m.WalletPage));
export const WithdrawPage = screen(() => wallet().then((m) => m.WithdrawPage));
export const WithdrawWayPage = screen(() => wallet().then((m) => m.WithdrawWayPage));
export const ForexOrderForm = screen(() => forex().then((m) => m.ForexOrderForm));
export const ForexOrders = screen(() => forex().then((m) => m.ForexOrders));
export const MicroOrderForm = screen(() => micro().then((m) => m.MicroOrderForm));
export const MicroOrders = screen(() => micro().then((m) => m.MicroOrders));

/**
 * Fetches the chunks of the tab screens once the first screen is up, so that a tap on a tab
 * rarely waits for the network; the first load is not made any bigger by it.
 */
export function preloadTabScreens(): void {
  for (const load of [market, forex, micro, account]) void load().catch(() => undefined);
}
