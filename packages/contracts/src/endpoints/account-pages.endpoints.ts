import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';

/** The company e-mail page (decisions.md "Account and content pages"): the `company_email` setting. */
export const companyEmailSchema = z.object({ email: z.string() });

/** The invite page's count: how many accounts registered with the caller's own code. */
export const inviteStatsSchema = z.object({ invite_code: z.string(), invited: z.number().int().nonnegative() });

export const companyEndpoints = {
  email: defineEndpoint({ summary: "The company's contact e-mail address", methods: ['GET'], path: '/api/company/email', output: companyEmailSchema, access: access.public, idempotent: false, tags: ['general'] }),
};

export const inviteEndpoints = {
  /** Beyond the spec: the caller's own figures only (no id to ask about someone else); demo accounts invite no one. */
  stats: defineEndpoint({ summary: "The caller's invite code and how many accounts registered with it", methods: ['GET'], path: '/api/user/invite_stats', output: inviteStatsSchema, access: access.real, idempotent: false, tags: ['user'] }),
};
