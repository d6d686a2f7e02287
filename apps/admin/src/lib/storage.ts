export { storage } from '@tp/client';

/** The console's keys: apart from the web app's (`tp.*`), so a staff token never meets a user token. */
export const STORAGE_KEYS = {
  session: 'tp.admin.session',
  lang: 'tp.admin.lang',
  theme: 'tp.admin.theme',
} as const;
