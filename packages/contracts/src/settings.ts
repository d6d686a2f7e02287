import { z } from 'zod';
import { text } from './form-fields.js';
import { ignoredT } from './envelope.js';

export const areaSchema = z.object({ id: z.number().int(), code: z.string(), global_code: z.string(), name: z.string() });

export const settingInput = z.object({ key: text.trim().min(1).max(64).regex(/^[a-z0-9_.]+$/), ...ignoredT });
export const settingSchema = z.object({ key: z.string(), value: z.string().nullable() });

/** verify_reg_type: 1 code by e-mail, 2 captcha image. trade_fee_type: 1 lots x rate, else margin x rate. */
export const basicInfoSchema = z.object({
  service_link: z.string(),
  service_link_type: z.number().int(),
  verify_reg_type: z.number().int(),
  trade_fee_type: z.number().int(),
  micro_loss_level: z.number().int(),
});
export type BasicInfo = z.infer<typeof basicInfoSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  url: z.string(),
  subject: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const companyStatusSchema = z.object({ status: z.number().int(), type: z.number().int(), loss_url: z.string() });
