import type { UploadMime } from '@tp/contracts';

/**
 * The image type of a file by its first bytes (magic numbers), never by its name or declared
 * type: a client can say anything about those. Anything but PNG, JPEG and WebP - SVG (script),
 * HTML, PDF, executables - is undefined and refused.
 */
export function sniffImage(head: Uint8Array): { mime: UploadMime; ext: 'png' | 'jpg' | 'webp' } | undefined {
  const at = (offset: number, bytes: readonly number[]) => bytes.every((b, i) => head[offset + i] === b);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (at(0, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  // RIFF....WEBP
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return { mime: 'image/webp', ext: 'webp' };
  return undefined;
}
