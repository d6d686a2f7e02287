// The invite feature's screen, loaded as a chunk when its route is first shown (app/lazy-screens).
export { InvitePage } from './routes/invite-page';
