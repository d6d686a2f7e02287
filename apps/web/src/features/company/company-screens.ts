// The company feature's screens, loaded as one chunk when a route first needs them (app/lazy-screens).
export { AnnouncementPage } from './routes/announcement-page';
export { EmailPage } from './routes/email-page';
export { FeedbackPage } from './routes/feedback-page';
export { VideoPage } from './routes/video-page';
export { DesktopLink } from './components/desktop-link';
