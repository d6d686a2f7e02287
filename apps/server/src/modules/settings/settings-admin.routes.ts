import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import * as config from './settings-config.js';

/** Base settings and companies (admin console). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.adminConfig;
  const { db } = app;

  route(app, e.settings, async ({ req }) => okEnvelope(req.lang, await config.listSettingsForAdmin(db)));
  route(app, e.updateSetting, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const setting = await db.transaction().execute((trx) => config.updateSetting(trx, adminId, params.key, input.value));
    // After commit: the trigger engine re-reads the stop-out level.
    publishBusEvent(app.bus, 'config.changed', { area: 'settings' });
    return okEnvelope(req.lang, setting, 'config_saved');
  });

  route(app, e.companies, async ({ req }) => okEnvelope(req.lang, await config.listCompaniesForAdmin(db)));
  route(app, e.createCompany, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    const company = await db.transaction().execute((trx) => config.createCompany(trx, adminId, input));
    publishBusEvent(app.bus, 'config.changed', { area: 'companies' });
    return okEnvelope(req.lang, company, 'config_saved');
  });
  route(app, e.updateCompany, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const company = await db.transaction().execute((trx) => config.updateCompany(trx, adminId, params.id, input));
    publishBusEvent(app.bus, 'config.changed', { area: 'companies' });
    return okEnvelope(req.lang, company, 'config_saved');
  });
};
