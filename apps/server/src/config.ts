import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  /** The built web app; `/` serves its index.html. */
  webDistDir: string;
  /** Login attempts per IP per minute before @fastify/rate-limit refuses. */
  loginIpLimitPerMinute: number;
  /** Failed logins per account inside `loginFailWindowMs` before the account is throttled. */
  loginFailLimit: number;
  loginFailWindowMs: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  return {
    port: intEnv(env, 'PORT', 8080),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    adminEmail: (nonEmpty(env.ADMIN_EMAIL) ?? 'admin@example.com').toLowerCase(),
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    webDistDir: path.resolve(nonEmpty(env.WEB_DIST_DIR) ?? path.join(REPO_ROOT, 'apps/web/dist')),
    loginIpLimitPerMinute: intEnv(env, 'LOGIN_IP_LIMIT_PER_MINUTE', 30),
    loginFailLimit: 5,
    loginFailWindowMs: 15 * 60 * 1000,
    ...overrides,
  };
}
