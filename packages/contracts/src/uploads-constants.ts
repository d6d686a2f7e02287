/**
 * The plain values of uploads.ts (no zod): a screen that needs only one of them imports this
 * module alone, so none of the schemas is evaluated or shipped with it. uploads.ts uses them from here.
 */

/** Upload ceiling when UPLOAD_MAX_BYTES is unset. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Image types accepted, recognised by content (magic bytes), never by name or declared type. */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadMime = (typeof UPLOAD_MIME_TYPES)[number];
/** Where uploads are served: `/uploads/<name>`; name = 32 hex chars and the sniffed extension. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{32}\.(?:png|jpg|webp))$/;
