import { defineModule } from '../define-module.js';
import { contentAdminRoutes } from './content-admin.routes.js';

/**
 * Content staff write for users: news today (written in the admin console; the user pages of
 * news come with a later issue and read the same table, published articles only).
 */
export const contentModule = defineModule({ name: 'content', adminRoutes: contentAdminRoutes, publishes: ['config.changed'] });

export { sanitizeNewsHtml } from './sanitize-news.js';
