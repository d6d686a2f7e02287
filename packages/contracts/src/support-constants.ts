/**
 * The plain values of support.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. support.ts uses them from here.
 */

/** The longest text of one message, in characters. */
export const SUPPORT_TEXT_MAX = 2000;
/** Messages one user may send per minute (server-side rate limit; staff are not limited). */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
/** Messages per history page. */
export const SUPPORT_PAGE_SIZE = 30;
