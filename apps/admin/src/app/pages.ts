import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AuditOutlined, BankOutlined, CustomerServiceOutlined, DashboardOutlined, FileDoneOutlined, GoldOutlined, IdcardOutlined, MailOutlined, MoneyCollectOutlined, PercentageOutlined, SafetyCertificateOutlined, SafetyOutlined, SettingOutlined, SolutionOutlined, TeamOutlined, UserAddOutlined, WalletOutlined } from '@ant-design/icons';
import type { AdminRole } from '@tp/contracts';

/**
 * A page of the console. The side menu lists the entries whose `roles` include the signed-in
 * staff member's (the server checks the same roles on every endpoint; the menu only hides).
 */
export interface PageEntry {
  /** The route under `#/`; the page may nest routes of its own below it (`<path>/*`). */
  path: string;
  /** The menu label, `<namespace>:<key>`: the namespace is the feature's `locales/<lang>/<namespace>.json`. */
  navKey: string;
  /** An icon of @ant-design/icons. */
  icon: ComponentType;
  roles: readonly AdminRole[];
  element: LazyExoticComponent<ComponentType>;
}

export const EVERY_ROLE: readonly AdminRole[] = ['admin', 'reviewer', 'support'];
/** Who works the review queues (list, detail, approve, reject). */
export const REVIEWERS: readonly AdminRole[] = ['admin', 'reviewer'];

/** The console's pages, in menu order. One line per page; its feature folder holds the rest. */
export const PAGES: readonly PageEntry[] = [
  // The menu: daily work first (dashboard, queues, users), then the platform (configuration, audit, outbox, staff), then the own account.
  { path: 'dashboard', navKey: 'dashboard:nav', icon: DashboardOutlined, roles: EVERY_ROLE, element: lazy(() => import('../features/dashboard/dashboard-page')) },
  { path: 'queues/deposits', navKey: 'queues:deposits.nav', icon: WalletOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/deposits')) },
  { path: 'queues/withdrawals', navKey: 'queues:withdrawals.nav', icon: BankOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/withdrawals')) },
  { path: 'queues/real-name', navKey: 'queues:real_name.nav', icon: SolutionOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/real-name')) },
  { path: 'support', navKey: 'support:nav', icon: CustomerServiceOutlined, roles: ['admin', 'support'], element: lazy(() => import('../features/support/support-page')) },
  { path: 'queues/fund-refunds', navKey: 'queues:fund_refunds.nav', icon: GoldOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/fund-refunds')) },
  { path: 'queues/trader-applications', navKey: 'queues:trader_applications.nav', icon: UserAddOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/trader-applications')) },
  { path: 'queues/loan-kyc', navKey: 'queues:loan_kyc.nav', icon: SolutionOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/loan-kyc')) },
  { path: 'queues/loans', navKey: 'queues:loans.nav', icon: FileDoneOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/loans')) },
  { path: 'queues/loan-repayments', navKey: 'queues:loan_repayments.nav', icon: MoneyCollectOutlined, roles: REVIEWERS, element: lazy(() => import('../features/queues/definitions/loan-repayments')) },
  { path: 'users', navKey: 'users:nav', icon: TeamOutlined, roles: EVERY_ROLE, element: lazy(() => import('../features/users/users-page')) },
  { path: 'config', navKey: 'config:nav', icon: SettingOutlined, roles: ['admin'], element: lazy(() => import('../features/config/config-page')) },
  { path: 'loan-configs', navKey: 'loans:nav', icon: PercentageOutlined, roles: ['admin'], element: lazy(() => import('../features/loans/loan-configs-page')) },
  { path: 'audit', navKey: 'audit:nav', icon: AuditOutlined, roles: ['admin'], element: lazy(() => import('../features/audit/audit-page')) },
  { path: 'outbox', navKey: 'outbox:nav', icon: MailOutlined, roles: ['admin', 'support'], element: lazy(() => import('../features/outbox/outbox-page')) },
  { path: 'fair', navKey: 'fair:nav', icon: SafetyOutlined, roles: EVERY_ROLE, element: lazy(() => import('../features/fair/fair-page')) },
  { path: 'staff', navKey: 'staff:nav', icon: IdcardOutlined, roles: ['admin'], element: lazy(() => import('../features/staff/staff-page')) },
  { path: 'account', navKey: 'account:nav', icon: SafetyCertificateOutlined, roles: EVERY_ROLE, element: lazy(() => import('../features/account/account-page')) },
];

/** The i18n namespaces the menu needs: one per feature with a page. */
export function pageNamespaces(pages: readonly PageEntry[] = PAGES): string[] {
  return [...new Set(pages.map((p) => p.navKey.split(':')[0]!))];
}

export function pagesFor(role: AdminRole | undefined, pages: readonly PageEntry[] = PAGES): PageEntry[] {
  return role ? pages.filter((p) => p.roles.includes(role)) : [];
}
