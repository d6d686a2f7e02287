// The identity feature's screens, loaded as one chunk with the `identity` texts (app/lazy-screens).
export { AuthPage } from './routes/auth-page';
