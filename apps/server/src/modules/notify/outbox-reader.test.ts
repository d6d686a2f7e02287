import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesBackwards, readOutbox } from './outbox-reader.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-reader-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function collect(file: string, chunk: number): Promise<string[]> {
  const out: string[] = [];
  for await (const line of linesBackwards(file, chunk)) out.push(line);
  return out;
}

describe('linesBackwards', () => {
  it('yields every line last to first whatever the chunk size, multi-byte text intact', async () => {
    const file = path.join(dir, 'lines.jsonl');
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i} 驗證碼 ${'x'.repeat(i % 7)}`);
    await fs.writeFile(file, lines.join('\n') + '\n');
    for (const chunk of [1, 2, 3, 7, 64, 1 << 16]) expect(await collect(file, chunk)).toEqual([...lines].reverse());
  });

  it('a missing file has no lines; a last line without its newline is still read', async () => {
    expect(await collect(path.join(dir, 'absent.jsonl'), 8)).toEqual([]);
    const file = path.join(dir, 'open-end.jsonl');
    await fs.writeFile(file, 'a\nb');
    expect(await collect(file, 1)).toEqual(['b', 'a']);
  });
});

describe('readOutbox', () => {
  it('masks a code wherever the text holds it', async () => {
    const file = path.join(dir, 'outbox.jsonl');
    await fs.writeFile(file, JSON.stringify({ channel: 'email', to: 'a@example.com', type: 'register', code: '123456', text: 'Your code is 123456. Code: 123456', created_at: '2026-11-24 10:00:00' }) + '\n');
    const page = await readOutbox(file, {}, 1);
    expect(page.data).toEqual([{ channel: 'email', to: 'a@example.com', type: 'register', text: 'Your code is ••••••. Code: ••••••', had_code: true, created_at: '2026-11-24 10:00:00' }]);
  });
});
