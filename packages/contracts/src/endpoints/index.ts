import { adminEndpoints } from './admin.endpoints.js';
import { adminStaffEndpoints } from './admin-staff.endpoints.js';
import { depositsEndpoints } from './deposits.endpoints.js';
import { forexEndpoints } from './forex.endpoints.js';
import { marketEndpoints } from './market.endpoints.js';
import { microEndpoints } from './micro.endpoints.js';
import { notifyEndpoints } from './notify.endpoints.js';
import { settingsEndpoints } from './settings.endpoints.js';
import { uploadsEndpoints } from './uploads.endpoints.js';
import { usersEndpoints } from './users.endpoints.js';
import { walletEndpoints } from './wallet.endpoints.js';
import { withdrawalsEndpoints } from './withdrawals.endpoints.js';
import { realNameEndpoints } from './real-name.endpoints.js';
import { newsEndpoints } from './news.endpoints.js';
// admin console: users, audit log, outbox, dashboard
import { adminUsersEndpoints } from './admin-users.endpoints.js';
import { adminOpsEndpoints } from './admin-ops.endpoints.js';
import { adminConfigEndpoints } from './admin-config.endpoints.js';
// account pages: company e-mail, invite figures
import { companyEndpoints, inviteEndpoints } from './account-pages.endpoints.js';
import { supportEndpoints } from './support.endpoints.js';
import { fundsEndpoints } from './funds.endpoints.js';
import { adminLoansEndpoints, loansEndpoints } from './loans.endpoints.js';
import { followEndpoints } from './follow.endpoints.js';
import { fairEndpoints } from './fair.endpoints.js';
import { notificationsEndpoints } from './notifications.endpoints.js';
import { webPushEndpoints } from './web-push.endpoints.js';
import { alertsEndpoints } from './alerts.endpoints.js';
import type { EndpointSpec } from './define-endpoint.js';

export * from './define-endpoint.js';

/*
 * Each group on its own as well: an app imports the groups it calls (`marketEndpoints.tradeList`),
 * so a bundle carries only their schemas. `endpoints` below holds every group (admin ones too) and
 * is for the server, the docs and tests, not for code that ships to a browser.
 */
export {
  usersEndpoints,
  notifyEndpoints,
  settingsEndpoints,
  walletEndpoints,
  uploadsEndpoints,
  depositsEndpoints,
  withdrawalsEndpoints,
  marketEndpoints,
  microEndpoints,
  forexEndpoints,
  adminEndpoints,
  adminStaffEndpoints,
  adminUsersEndpoints,
  adminOpsEndpoints,
  adminConfigEndpoints,
  realNameEndpoints,
  newsEndpoints,
  companyEndpoints,
  inviteEndpoints,
  supportEndpoints,
  fundsEndpoints,
  loansEndpoints,
  adminLoansEndpoints,
  followEndpoints,
  fairEndpoints,
  notificationsEndpoints,
  alertsEndpoints,
  webPushEndpoints,
};

/** Every endpoint of the HTTP API by feature: `endpoints.wallet.transfer`. */
export const endpoints = {
  users: usersEndpoints,
  notify: notifyEndpoints,
  settings: settingsEndpoints,
  wallet: walletEndpoints,
  uploads: uploadsEndpoints,
  deposits: depositsEndpoints,
  withdrawals: withdrawalsEndpoints,
  market: marketEndpoints,
  micro: microEndpoints,
  forex: forexEndpoints,
  admin: adminEndpoints,
  adminStaff: adminStaffEndpoints,
  // admin console: users, audit log, outbox, dashboard
  adminUsers: adminUsersEndpoints,
  adminOps: adminOpsEndpoints,
  adminConfig: adminConfigEndpoints,
  realName: realNameEndpoints,
  news: newsEndpoints,
  company: companyEndpoints,
  invite: inviteEndpoints,
  support: supportEndpoints,
  funds: fundsEndpoints,
  loans: loansEndpoints,
  adminLoans: adminLoansEndpoints,
  follow: followEndpoints,
  fair: fairEndpoints,
  notifications: notificationsEndpoints,
  alerts: alertsEndpoints,
  webPush: webPushEndpoints,
};

/** Every endpoint as a flat list (route tables, docs checks). */
export function allEndpoints(): EndpointSpec[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointSpec[]);
}

const ENDPOINT_NAMES = new Map<EndpointSpec, string>(
  Object.entries(endpoints).flatMap(([group, list]) => Object.entries(list as Record<string, EndpointSpec>).map(([key, e]) => [e, `${group}.${key}`] as const)),
);

/**
 * An endpoint's name: its place in `endpoints` (`wallet.transfer`), so it cannot drift from the
 * key. The API document's operationId and the metrics' endpoint label.
 */
export function endpointName(endpoint: EndpointSpec): string {
  return ENDPOINT_NAMES.get(endpoint) ?? 'unnamed';
}
