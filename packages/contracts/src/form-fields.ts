import { z } from 'zod';

/** Form and query fields shared by the wallet topics: forms and query strings send strings. */

/** Query or form integer. */
export const intField = z.coerce.number().int();
export const idField = intField.min(1).max(2_147_483_647);
/** Optional free text from a form: trimmed, empty means absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
