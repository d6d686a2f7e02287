import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, SETTINGS } from './config.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('the configuration, checked at start', () => {
  it('takes the defaults from an empty environment, and blank values as unset', () => {
    const config = loadConfig({ PORT: '  ', LOG_LEVEL: '' });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'info', trustProxy: false, cspExtraOrigins: [], metricsHost: '127.0.0.1', metricsToken: undefined, metricsPort: undefined });
    expect(config.market).toMatchObject({ priceFeed: 'simulator', replayLoop: true, replaySpeed: 1, leaseMs: 5_000 });
    expect(loadConfig({ BINANCE_WS_URL: 'wss://example.test/ws' }).market.priceFeed).toBe('binance');
  });

  it('reads what it is given', () => {
    const config = loadConfig({ PORT: '9000', TRUST_PROXY: '1', CSP_EXTRA_ORIGINS: 'https://a.example, wss://b.example', REPLAY_SPEED: '2.5', REPLAY_LOOP: '0', METRICS_PORT: '9100', METRICS_TOKEN: 'abcdefghijklmnop' });
    expect(config).toMatchObject({ port: 9000, trustProxy: true, cspExtraOrigins: ['https://a.example', 'wss://b.example'], metricsPort: 9100, metricsToken: 'abcdefghijklmnop' });
    expect(config.market).toMatchObject({ replaySpeed: 2.5, replayLoop: false });
  });

  it('stops on a wrong value, naming each variable, what it takes and what it got (never a secret)', () => {
    expect(
      problemsOf({
        PORT: '80a',
        LOG_LEVEL: 'verbose',
        TRUST_PROXY: 'true',
        DATABASE_URL: 'mysql://u:p@h/db',
        REPLAY_SPEED: '0',
        CSP_EXTRA_ORIGINS: 'https://ok.example ftp://bad',
        TLS_KEY_FILE: '/etc/key.pem',
        METRICS_TOKEN: 'short-secret',
        DOCUMENT_THREADS: '0',
      }),
    ).toEqual([
      'PORT must be a port number from 0 to 65535, got "80a"',
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://u:p@h/db"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
      'TRUST_PROXY must be 0 or 1, got "true"',
      'CSP_EXTRA_ORIGINS must be origins like https://api.example.com, separated by spaces or commas, got "https://ok.example ftp://bad"',
      'DOCUMENT_THREADS must be a whole number of threads from 1 to 64, got "0"',
      'METRICS_TOKEN must be a token of at least 16 characters (letters, digits, . _ ~ + / = -)',
      'REPLAY_SPEED must be a number above 0 (1 is real time), got "0"',
      'TLS_CERT_FILE must be set together with TLS_KEY_FILE (both or neither)',
    ]);
    expect(problemsOf({ PORT: '65536' })).toEqual(['PORT must be a port number from 0 to 65535, got "65536"']);
    expect(problemsOf({ TLS_CERT_FILE: '/nonexistent/cert.pem', TLS_KEY_FILE: '/nonexistent/key.pem' })).toEqual(['TLS_CERT_FILE must be a PEM file, together with TLS_KEY_FILE, got "/nonexistent/cert.pem" (ENOENT)']);
  });

  it('prints the effective settings with secrets masked', () => {
    const shown = describeConfig({ DATABASE_URL: 'postgres://app:db-secret@db.internal:5432/tp', ADMIN_PASSWORD: 'admin-secret', METRICS_TOKEN: 'metrics-secret-0123456789', SMTP_URL: 'smtp://mailer:smtp-secret@mail:587', PORT: '9000' });
    expect(shown).not.toMatch(/db-secret|admin-secret|metrics-secret|smtp-secret/);
    const lines = Object.fromEntries(shown.split('\n').map((l) => l.split(/\s+=\s+/) as [string, string]));
    expect(lines).toMatchObject({
      DATABASE_URL: 'postgres://app:****@db.internal:5432/tp',
      SMTP_URL: 'smtp://mailer:****@mail:587',
      ADMIN_PASSWORD: '****',
      METRICS_TOKEN: '****',
      PORT: '9000',
      HOST: '0.0.0.0  (default)',
      REDIS_URL: '(unset)',
    });
    // Every setting is listed, one line each.
    expect(Object.keys(lines)).toEqual(Object.keys(SETTINGS));
  });

  it('main.ts refuses to start on a wrong value with one clear message', () => {
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], { cwd: REPO, encoding: 'utf8', env: { PATH: process.env.PATH, ...env }, timeout: 30_000 });
    const bad = run([], { PORT: 'eighty', DATA_DIR: '/nonexistent/never-created' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('Failed to start: the configuration is wrong:\n  PORT must be a port number from 0 to 65535, got "eighty"');
  }, 60_000);
});
