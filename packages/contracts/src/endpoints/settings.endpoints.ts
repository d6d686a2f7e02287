import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import { areaSchema, basicInfoSchema, companySchema, companyStatusSchema, settingInput, settingSchema } from '../settings.js';

const tags = ['general'];
const publicRead = { methods: ['GET'], access: access.public, idempotent: false, tags } as const;

export const settingsEndpoints = {
  areaList: defineEndpoint({ ...publicRead, path: '/api/default/area_list', output: z.array(areaSchema) }),
  setting: defineEndpoint({ ...publicRead, path: '/api/default/setting', input: settingInput, output: settingSchema }),
  basicInfo: defineEndpoint({ ...publicRead, path: '/api/basicSet/getBasicInfo', output: basicInfoSchema }),
  company: defineEndpoint({ ...publicRead, path: '/api/company/getCompany', output: companySchema }),
  companyStatus: defineEndpoint({ ...publicRead, path: '/api/company/getCompanyStatus', output: companyStatusSchema }),
};
