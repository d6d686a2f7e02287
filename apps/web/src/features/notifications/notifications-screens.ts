// The notifications feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { NotificationsPage } from './routes/list-page';
export { NotificationSettingsPage } from './routes/settings-page';
