import { z } from 'zod';
import { intIn } from './form-fields.js';

/** `code` of every answer (decisions.md, HTTP API). */
export const CODE_OK = 1;
export const CODE_REFUSED = 0;
export const CODE_UNAUTHENTICATED = 999;
export type ResponseCode = typeof CODE_OK | typeof CODE_REFUSED | typeof CODE_UNAUTHENTICATED;

export interface Envelope<T> {
  code: ResponseCode;
  msg: string;
  data: T;
  /** Present on server faults (HTTP 500) so support can find the log line. */
  request_id?: string;
  /** Present on refusals: the machine-readable reason (an ErrorKey). */
  error?: string;
}

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
