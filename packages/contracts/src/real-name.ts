import { z } from 'zod';
import { wireDateTime } from './money.js';
import { pagedSchema } from './envelope.js';
import { intIn, requiredText } from './form-fields.js';
import { uploadUrlInput } from './uploads.js';
import { adminUserRefSchema } from './admin-review.js';

/** Real-name authentication (spec: Real-name auth, Auth record; decisions.md "Account and content pages"). */

/** A photo may be left out (the server then says which is missing); a blank field is the same as none. */
const optionalPhoto = z.union([z.literal('').transform(() => undefined), uploadUrlInput]).optional();

export const realNameInput = z.object({
  name: requiredText(100),
  id_card_type: intIn(1, 3),
  card_id: requiredText(64),
  front_pic: optionalPhoto,
  reverse_pic: optionalPhoto,
});

/**
 * The center: review_status and the submission it describes. With review_status 0 after a
 * rejection, the fields are those of the rejected submission and reject_reason says why (the form
 * shows it); with nothing submitted they are empty.
 */
export const realNameCenterSchema = z.object({
  review_status: z.number().int(),
  name: z.string(),
  id_card_type: z.number().int().nullable(),
  id_card_type_name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  reject_reason: z.string(),
});
export type RealNameCenter = z.infer<typeof realNameCenterSchema>;

export const adminRealNameSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  user: adminUserRefSchema,
  name: z.string(),
  id_card_type: z.number().int(),
  id_card_type_name: z.string(),
  card_id: z.string(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  remark: z.string(),
  created_at: wireDateTime,
  reviewed_at: wireDateTime.nullable(),
  reviewed_by: z.number().int().nullable(),
});
export type AdminRealName = z.infer<typeof adminRealNameSchema>;
export const adminRealNamePageSchema = pagedSchema(adminRealNameSchema);
