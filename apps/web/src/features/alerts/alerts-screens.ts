// The price alerts' screen and the trade screen's bell, loaded as one chunk (app/lazy-screens).
export { AlertsPage } from './routes/alerts-page';
export { AlertButton } from './components/alert-button';
