import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EventConsumer } from '../engine/event-consumer.js';
import type { ScheduledJob } from '../engine/scheduled-job.js';
import type { TickConsumerFactory } from '../engine/tick-consumer.js';
import type { Executor } from '../db/database.js';

/** A Fastify plugin of a module's endpoints; the app clock and services come from `app` decorations. */
export type ModuleRoutes = FastifyPluginAsyncZod | FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

/**
 * Everything the composition root needs to know about a module, and all it may know: the
 * composition (modules.ts, app.ts, main.ts) wires these parts and never reaches into a module's
 * other files. Engine parts run on the engine leader only.
 */
export interface ModuleDefinition {
  readonly name: string;
  /** The user API. */
  readonly routes?: ModuleRoutes;
  /** The admin API (under /admin/api, admin tokens only). */
  readonly adminRoutes?: ModuleRoutes;
  /** What acts on committed ticks, in the order the modules are listed. */
  readonly tickConsumers?: readonly TickConsumerFactory[];
  /** Clock-driven work, once per period on the leader. */
  readonly jobs?: readonly ScheduledJob[];
  /** Handlers of internal events delivered after commit by the outbox relay. */
  readonly eventConsumers?: readonly EventConsumer[];
  /** Ledger transaction kinds this module posts (each kind has exactly one owner). */
  readonly ledgerKinds?: readonly string[];
  /** Event and push topics this module publishes. */
  readonly publishes?: readonly string[];
  /** Event topics this module listens to. */
  readonly consumes?: readonly string[];
  /**
   * What this module's rows hold on user accounts (running options, open orders, pending
   * withdrawals, subscriptions): the ledger's holds check requires every account's held amount to
   * equal the sum of these over all modules, so no hold exists without a row that justifies it.
   */
  readonly holds?: HoldReasons;
}

/**
 * Money held for a module's rows, summed per user account: named by the account's id where the
 * rows store it, or by its owner and account type (ACCOUNT_TYPES) where they do not.
 */
export type HeldAmount = { amount: string } & ({ accountId: number } | { userId: number; accountType: number });

export type HoldReasons = (db: Executor) => Promise<readonly HeldAmount[]>;

/** Identity at run time; at compile time it checks the shape and keeps the literal types. */
export function defineModule<const M extends ModuleDefinition>(m: M): M {
  return m;
}

/**
 * One plugin of several: a module whose admin endpoints fall in two files (the staff's reads of a
 * user and the module's configuration) still hands the composition a single `adminRoutes`.
 */
export function combineRoutes(...parts: readonly ModuleRoutes[]): ModuleRoutes {
  return async (app) => {
    for (const part of parts) await app.register(part as FastifyPluginAsync);
  };
}
