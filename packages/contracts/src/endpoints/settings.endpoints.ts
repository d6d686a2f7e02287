import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { areaSchema, basicInfoSchema, companySchema, companyStatusSchema, settingInput, settingSchema } from '../settings.js';

const tags = ['general'];
const publicRead = { methods: ['GET'], access: access.public, idempotent: false, tags } as const;

export const settingsEndpoints = {
  areaList: defineEndpoint({ summary: 'The countries and dialling codes of the phone field', ...publicRead, path: '/api/default/area_list', output: z.array(areaSchema) }),
  setting: defineEndpoint({ summary: 'One public setting by key (service links, agreements)', ...publicRead, path: '/api/default/setting', input: settingInput, output: settingSchema }),
  basicInfo: defineEndpoint({ summary: 'The public base settings: service link, registration check, fee kind', ...publicRead, path: '/api/basicSet/getBasicInfo', output: basicInfoSchema }),
  company: defineEndpoint({ summary: "The platform's own company", ...publicRead, path: '/api/company/getCompany', output: companySchema }),
  companyStatus: defineEndpoint({ summary: 'The state and kind of the company pages', ...publicRead, path: '/api/company/getCompanyStatus', output: companyStatusSchema }),
};
