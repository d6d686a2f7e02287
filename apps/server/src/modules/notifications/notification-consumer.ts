import type { NotificationKind, NotificationParams, NotificationPush } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { defineEventConsumer } from '../../engine/event-consumer.js';
import { emitEvent } from '../../engine/event-outbox.js';
import { publishPush } from '../../realtime/typed-bus.js';
import { wireDateTime } from '../../lib/time.js';
import { traderNickname } from '@tp/domain';
import * as repo from './notifications.repository.js';
import { defaultSetting, settingFor } from './notifications.service.js';
import { langOrDefault, renderNotification } from './render.js';

/**
 * Stores each requested notification once (the outbox event's id is unique in the table), then,
 * after commit, pushes it to the user's sockets and e-mails it where the user's settings say so.
 * `notification.stored` is written in the storing transaction, so web push hears of every stored
 * notification exactly when it exists. A redelivery (the relay's at-least-once) stores nothing
 * again and sends nothing again: only the try that inserted the row pushes and mails.
 */
export const notificationRequestedConsumer = defineEventConsumer({
  name: 'notifications.store',
  event: 'notification.requested',
  async handle(payload, ctx, delivery) {
    // The relay always names the event; without its id there is nothing to deduplicate by.
    if (!delivery) throw new Error('notification.requested delivered without its event id');
    const kind: NotificationKind = payload.kind;
    const params = await withTraderName(ctx.db, await withSymbolName(ctx.db, payload.params));
    const stored = await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.storeOnce(trx, {
        userId: payload.userId,
        kind,
        params,
        link: payload.link,
        eventId: delivery.eventId,
        inAppByDefault: defaultSetting(kind).in_app,
      });
      if (row) await emitEvent(trx, 'notification.stored', { notificationId: row.id, userId: payload.userId, kind });
      return row;
    });
    // Already stored by an earlier delivery, or the user no longer exists.
    if (!stored) return;

    const [setting, lang] = await Promise.all([settingFor(ctx.db, payload.userId, kind), repo.readerLang(ctx.db, payload.userId)]);
    const { title, body } = renderNotification(langOrDefault(lang), kind, params);
    if (stored.in_app) {
      const push: NotificationPush = { id: stored.id, kind, title, body, link: payload.link, created_at: wireDateTime(stored.created_at) };
      publishPush(ctx.bus, 'NOTIFY', push, payload.userId);
    }
    if (setting.email && ctx.mail) {
      const to = (await repo.userNameParts(ctx.db, payload.userId))?.email;
      // A failed send is logged, not retried: the notification is stored and shown in the app.
      if (to) await ctx.mail.deliver({ channel: 'email', to, type: `notification:${kind}`, code: null, subject: title, text: body }).catch((err: unknown) => ctx.log.error(`notification #${stored.id} e-mail failed`, err));
    }
  },
});

/**
 * Producers on the trading path name a symbol by id (`symbol_id`), reading nothing; the name users
 * see is looked up here, once, and stored with the notification.
 */
async function withSymbolName(db: Executor, params: NotificationParams): Promise<NotificationParams> {
  if (typeof params.symbol_id !== 'number' || params.symbol !== undefined) return params;
  const name = await repo.symbolName(db, params.symbol_id);
  return { ...params, symbol: name ?? '' };
}

/** Likewise a trader by id (`trader_id`): their public nickname, as the copy trading screens show it. */
async function withTraderName(db: Executor, params: NotificationParams): Promise<NotificationParams> {
  if (typeof params.trader_id !== 'number' || params.trader !== undefined) return params;
  const parts = await repo.userNameParts(db, params.trader_id);
  return { ...params, trader: parts ? traderNickname(parts.uid, parts.email) : '' };
}
