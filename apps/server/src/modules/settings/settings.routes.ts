import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaSchema, basicInfoSchema, companySchema, companyStatusSchema, settingInput, settingSchema } from '@tp/contracts';
import { envelopeSchema, okEnvelope } from '../../http/envelope.js';
import { refuse } from '../../http/refusal.js';
import * as repo from './settings.repository.js';
import * as service from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['general'];

  app.get('/api/default/area_list', { schema: { tags, response: { 200: envelopeSchema(z.array(areaSchema)) } } }, async (req) =>
    okEnvelope(req.lang, await repo.listAreas(app.db)),
  );

  app.get('/api/default/setting', { schema: { tags, querystring: settingInput, response: { 200: envelopeSchema(settingSchema) } } }, async (req) =>
    okEnvelope(req.lang, { key: req.query.key, value: await repo.getPublicSetting(app.db, req.query.key) }),
  );

  app.get('/api/basicSet/getBasicInfo', { schema: { tags, response: { 200: envelopeSchema(basicInfoSchema) } } }, async (req) =>
    okEnvelope(req.lang, await service.basicInfo(app.db)),
  );

  app.get('/api/company/getCompany', { schema: { tags, response: { 200: envelopeSchema(companySchema) } } }, async (req) => {
    const company = await repo.findMainCompany(app.db);
    if (!company) refuse('not_found');
    return okEnvelope(req.lang, company);
  });

  app.get('/api/company/getCompanyStatus', { schema: { tags, response: { 200: envelopeSchema(companyStatusSchema) } } }, async (req) =>
    okEnvelope(req.lang, await service.companyStatus(app.db)),
  );
};
