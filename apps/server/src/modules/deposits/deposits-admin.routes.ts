import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { currentAdmin } from '../../http/admin-auth.js';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuseOnDuplicate } from '../../http/unique-violation.js';
import { publishBusEvent } from '../../realtime/typed-bus.js';
import * as config from './deposits-config.js';

/** Deposit addresses, bank deposit currencies and collection accounts (admin console). */
export const depositsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const e = endpoints.adminConfig;
  const { db } = app;
  const changed = () => publishBusEvent(app.bus, 'config.changed', { area: 'deposits' });

  route(app, e.depositAddresses, async ({ req }) => okEnvelope(req.lang, await config.listDepositAddressesForAdmin(db)));
  route(app, e.createDepositAddress, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    const row = await db.transaction().execute((trx) => config.createDepositAddress(trx, adminId, input));
    changed();
    return okEnvelope(req.lang, row, 'config_saved');
  });
  route(app, e.updateDepositAddress, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const row = await db.transaction().execute((trx) => config.updateDepositAddress(trx, adminId, params.id, input));
    changed();
    return okEnvelope(req.lang, row, 'config_saved');
  });

  route(app, e.bankCoins, async ({ req }) => okEnvelope(req.lang, await config.listBankCoinsForAdmin(db)));
  route(app, e.createBankCoin, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    const row = await db.transaction().execute((trx) => config.createBankCoin(trx, adminId, input));
    changed();
    return okEnvelope(req.lang, row, 'config_saved');
  });
  route(app, e.updateBankCoin, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const row = await refuseOnDuplicate(db.transaction().execute((trx) => config.updateBankCoin(trx, adminId, params.id, input)), 'config_duplicate');
    changed();
    return okEnvelope(req.lang, row, 'config_saved');
  });

  route(app, e.bankAccounts, async ({ req }) => okEnvelope(req.lang, await config.listBankAccountsForAdmin(db)));
  route(app, e.createBankAccount, async ({ req, input }) => {
    const adminId = currentAdmin(req).id;
    const row = await db.transaction().execute((trx) => config.createBankAccount(trx, adminId, input));
    changed();
    return okEnvelope(req.lang, row, 'config_saved');
  });
  route(app, e.updateBankAccount, async ({ req, input, params }) => {
    const adminId = currentAdmin(req).id;
    const row = await db.transaction().execute((trx) => config.updateBankAccount(trx, adminId, params.id, input));
    changed();
    return okEnvelope(req.lang, row, 'config_saved');
  });
};
