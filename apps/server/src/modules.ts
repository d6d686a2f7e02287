import type { EventConsumer } from './engine/event-consumer.js';
import type { ScheduledJob } from './engine/scheduled-job.js';
import type { TickConsumerFactory } from './engine/tick-consumer.js';
import type { ModuleDefinition } from './modules/define-module.js';
import type { HoldSource } from './modules/ledger/index.js';
import { adminModule } from './modules/admin/index.js';
import { auditModule } from './modules/audit/index.js';
import { contentModule } from './modules/content/index.js';
import { depositsModule } from './modules/deposits/index.js';
import { forexModule } from './modules/forex/index.js';
import { followModule } from './modules/follow/index.js';
import { ledgerModule } from './modules/ledger/index.js';
import { marketModule } from './modules/market/index.js';
import { microModule } from './modules/micro/index.js';
import { notifyModule } from './modules/notify/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { settingsModule } from './modules/settings/index.js';
import { uploadsModule } from './modules/uploads/index.js';
import { usersModule } from './modules/users/index.js';
import { walletModule } from './modules/wallet/index.js';
import { withdrawalsModule } from './modules/withdrawals/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { realNameModule } from './modules/real-name/index.js';
import { supportModule } from './modules/support/index.js';
import { fundsModule } from './modules/funds/index.js';
import { loansModule } from './modules/loans/index.js';
import { fairModule } from './modules/fair/index.js';
import { sampleTradersModule } from './modules/sample-traders/index.js';
import { alertsModule } from './modules/alerts/index.js';
import { webPushModule } from './modules/web-push/index.js';

/**
 * Every module of the server, listed once. The order is the order routes register in and the
 * order tick consumers see each batch (forex triggers before option expiries, as before).
 */
export const MODULES: readonly ModuleDefinition[] = [
  auditModule,
  settingsModule,
  notifyModule,
  usersModule,
  ledgerModule,
  walletModule,
  uploadsModule,
  depositsModule,
  withdrawalsModule,
  adminModule,
  marketModule,
  forexModule,
  microModule,
  // copy trading: builds on forex (its hooks run in forex's engine step; its own consumer only listens)
  followModule,
  // sample traders: trade through forex as users do, approved traders as follow has them
  sampleTradersModule,
  // admin console: the dashboard reads across the modules above
  dashboardModule,
  contentModule,
  // account and content pages for users
  realNameModule,
  supportModule,
  fundsModule,
  loansModule,
  // provable fairness: reads the tick log, the order tables and the ledger above the modules that write them
  fairModule,
  // notifications: stored, pushed live and e-mailed from what the modules above announce
  notificationsModule,
  // price alerts: a tick consumer after the triggers, notifying through the notifications module
  alertsModule,
  // web push: sends stored notifications to the users' subscribed devices
  webPushModule,
];

export function tickConsumersOf(modules: readonly ModuleDefinition[]): TickConsumerFactory[] {
  return modules.flatMap((m) => m.tickConsumers ?? []);
}

export function jobsOf(modules: readonly ModuleDefinition[]): ScheduledJob[] {
  return modules.flatMap((m) => m.jobs ?? []);
}

export function eventConsumersOf(modules: readonly ModuleDefinition[]): EventConsumer[] {
  return modules.flatMap((m) => m.eventConsumers ?? []);
}

/** Every module's reasons for held money, for the ledger's holds check (verifyHolds). */
export function holdSourcesOf(modules: readonly ModuleDefinition[]): HoldSource[] {
  return modules.flatMap((m) => (m.holds ? [{ name: m.name, holds: m.holds }] : []));
}

/** Ledger kinds must each have one owner: two modules posting the same kind would blur what moved money. */
export function assertLedgerKindsOwnedOnce(modules: readonly ModuleDefinition[]): void {
  const owner = new Map<string, string>();
  for (const m of modules) {
    for (const kind of m.ledgerKinds ?? []) {
      const previous = owner.get(kind);
      if (previous !== undefined) throw new Error(`ledger kind ${kind} is declared by both ${previous} and ${m.name}`);
      owner.set(kind, m.name);
    }
  }
}
