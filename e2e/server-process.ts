import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export interface StartedServer {
  child: ChildProcess;
  /** The URL the server printed as ready. */
  url: string;
}

/**
 * Starts the platform's server as `npm start` runs it (node itself, not npx, so signals reach it)
 * on `dataDir` and `port`, and resolves once it prints its URL. `detached` puts it in its own
 * process group, so node and its embedded PostgreSQL can be killed at once, as a power cut would.
 */
export function startServerProcess(dataDir: string, port: number, opts: { adminPassword: string; detached?: boolean }): Promise<StartedServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: opts.adminPassword, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  let output = '';
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no URL printed in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ready: (https?:\/\/\S+:\d+)\/?/);
      if (match?.[1]) {
        clearTimeout(timer);
        done({ child, url: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
}
