// The follow feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { FollowHomePage } from './routes/follow-home-page';
export { FollowListPage } from './routes/follow-list-page';
export { FollowSubmitPage } from './routes/follow-submit-page';
export { MyFollowerPage } from './routes/my-follower-page';
export { RankPage } from './routes/rank-page';
export { TraderApplyPage } from './routes/trader-apply-page';
export { TraderPage } from './routes/trader-page';
