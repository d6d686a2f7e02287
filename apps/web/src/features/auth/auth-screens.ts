// The auth feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { ForgotPage } from './routes/forgot-page';
export { LoginPage } from './routes/login-page';
export { RegisterPage } from './routes/register-page';
