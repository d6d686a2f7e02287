import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@tp/contracts';
import { okEnvelope } from '../../http/envelope.js';
import { route } from '../../http/endpoint.js';
import { refuse } from '../../http/refusal.js';
import * as repo from './settings.repository.js';
import * as service from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = endpoints.settings;

  route(app, settings.areaList, async ({ req }) => okEnvelope(req.lang, await repo.listAreas(app.db)));

  route(app, settings.setting, async ({ req, input }) => okEnvelope(req.lang, { key: input.key, value: await repo.getPublicSetting(app.db, input.key) }));

  route(app, settings.basicInfo, async ({ req }) => okEnvelope(req.lang, await service.basicInfo(app.db)));

  route(app, settings.company, async ({ req }) => {
    const company = await repo.findMainCompany(app.db);
    if (!company) refuse('not_found');
    return okEnvelope(req.lang, company);
  });

  // The company e-mail page: the `company_email` setting, else the main company's own address.
  route(app, endpoints.company.email, async ({ req }) => {
    const email = (await repo.getPublicSetting(app.db, 'company_email')) || (await repo.findMainCompany(app.db))?.email || '';
    return okEnvelope(req.lang, { email });
  });

  route(app, settings.companyStatus, async ({ req }) => okEnvelope(req.lang, await service.companyStatus(app.db)));
};
