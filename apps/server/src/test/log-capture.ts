import { Writable } from 'node:stream';

/**
 * The app's log lines, parsed, for tests that check what is logged: `stream` goes into
 * createTestApp's `logger` option and every JSON line written to it lands in `lines`.
 */
export function logCapture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}
