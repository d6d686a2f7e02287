// The account feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { PasswordPage } from './routes/password-page';
export { SystemPage } from './routes/system-page';
export { UserPage } from './routes/user-page';
