import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { until } from './wait.js';

/** True when something at host:port answers PING (Redis's inline protocol) within `timeoutMs`. */
export function redisAnswers(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/**
 * A redis-server of a test's own (Debian's package), without persistence, on a port that stays
 * the same across kill() and start(): a test that takes Redis away never touches the machine's.
 */
export class OwnRedis {
  private proc: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.proc = child;
    child.once('exit', () => {
      if (this.proc === child) this.proc = undefined;
    });
    await until(() => redisAnswers(this.port), 10_000, 'redis-server answers', 50);
  }

  /** SIGKILL: gone at once, as when its machine fails. */
  async kill(): Promise<void> {
    const child = this.proc;
    this.proc = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
