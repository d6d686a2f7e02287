import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-sniff.js';
import { JPEG_HEAD, PNG_1X1, WEBP_HEAD } from '../../test/wallet-helpers.js';

describe('sniffImage', () => {
  it.each([
    ['png', PNG_1X1, 'image/png'],
    ['jpeg', JPEG_HEAD, 'image/jpeg'],
    ['webp', WEBP_HEAD, 'image/webp'],
  ])('%s is recognised by its bytes', (_name, bytes, mime) => {
    expect(sniffImage(bytes)?.mime).toBe(mime);
  });
  it.each([
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['html', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['gif', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['pdf', Buffer.from('%PDF-1.7\n')],
    ['riff but not webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])],
    ['truncated png', PNG_1X1.subarray(0, 5)],
    ['empty', Buffer.alloc(0)],
  ])('%s is not an accepted image', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeUndefined();
  });
});
