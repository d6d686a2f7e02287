// The news feature's screens, loaded as one chunk with the `news` texts (app/lazy-screens).
export { NewsDetailPage } from './routes/news-detail-page';
export { NewsPage } from './routes/news-page';
