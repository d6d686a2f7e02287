import { access, defineEndpoint } from './define-endpoint.js';
import { newsArticleSchema, newsInfoInput, newsListInput, newsPageSchema } from '../news.js';

const tags = ['news'];

/** News for everyone (visitors too), in the `lang` header's language where an article has one. */
export const newsEndpoints = {
  list: defineEndpoint({ summary: "News articles in the caller's language where one exists (paged)", methods: ['GET'], path: '/api/news/list', input: newsListInput, output: newsPageSchema, access: access.public, idempotent: false, tags }),
  info: defineEndpoint({ summary: 'One news article', methods: ['GET'], path: '/api/news/info', input: newsInfoInput, output: newsArticleSchema, access: access.public, idempotent: false, tags }),
};
