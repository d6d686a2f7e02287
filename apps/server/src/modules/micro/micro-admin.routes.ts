import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuseOnDuplicate } from '../../http/unique-violation.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import * as config from './micro-config.js';

/** Seconds options and amount presets (admin console): list, create, change; retire with `enabled: false`. */
export const microAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.adminConfig;
  const { db } = app;
  // Submit and get_seconds read the tables on every request; the event tells any later cache.
  const changed = () => publishBusEvent(app.bus, 'config.changed', { area: 'micro' });

  route(app, e.secondsOptions, async ({ req }) => okEnvelope(req.lang, await config.listSecondsOptionsForAdmin(db)));
  route(app, e.createSecondsOption, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    const option = await db.transaction().execute((trx) => config.createSecondsOption(trx, adminId, input));
    changed();
    return okEnvelope(req.lang, option, 'config_saved');
  });
  route(app, e.updateSecondsOption, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const option = await db.transaction().execute((trx) => config.updateSecondsOption(trx, adminId, params.id, input));
    changed();
    return okEnvelope(req.lang, option, 'config_saved');
  });

  route(app, e.amountPresets, async ({ req }) => okEnvelope(req.lang, await config.listAmountPresetsForAdmin(db)));
  route(app, e.createAmountPreset, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    const preset = await db.transaction().execute((trx) => config.createAmountPreset(trx, adminId, input));
    changed();
    return okEnvelope(req.lang, preset, 'config_saved');
  });
  route(app, e.updateAmountPreset, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const preset = await refuseOnDuplicate(db.transaction().execute((trx) => config.updateAmountPreset(trx, adminId, params.id, input)), 'config_duplicate');
    changed();
    return okEnvelope(req.lang, preset, 'config_saved');
  });
};
