import { defineModule } from '../define-module.js';
import { contentAdminRoutes } from './content-admin.routes.js';
import { newsRoutes } from './news.routes.js';

/**
 * Content staff write for users: news, written in the admin console and read by the user pages
 * (published articles only, in the reader's language where a translation exists).
 */
export const contentModule = defineModule({ name: 'content', routes: newsRoutes, adminRoutes: contentAdminRoutes, publishes: ['config.changed'] });

export { sanitizeNewsHtml } from './sanitize-news.js';
