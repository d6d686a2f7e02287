// The support feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { ChatPage } from './routes/chat-page';
