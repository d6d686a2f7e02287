// The settings feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { LanguagePage } from './routes/language-page';
