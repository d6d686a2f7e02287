import { z } from 'zod';
import { intIn } from './form-fields.js';

// The answer codes and the envelope's type have no schema: a browser reads them without zod.
export * from './envelope-codes.js';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data, request_id: z.string().optional(), error: z.string().optional() });

/** Paged lists: `page` from 1; the page size is the server's. */
export const pageQuery = z.object({ page: intIn(1, 100000).default(1) });

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
  });
export interface Paged<T> { data: T[]; total: number; current_page: number; last_page: number; per_page: number }

/** The `t` cache-buster the web app adds to GET and DELETE; accepted and ignored everywhere. */
export const ignoredT = { t: z.unknown().optional() };
