import type { ErrorKey } from '@tp/contracts';

/**
 * An expected refusal (wrong code, demo account, ...): thrown anywhere below a route and turned
 * into the envelope `{code: 0 | 999, msg, error}` in one place (error-handler.ts). Services stay
 * free of HTTP; a refusal is not a fault and is not logged as one.
 */
export class Refusal extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly vars: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'Refusal';
  }
}

export function refuse(key: ErrorKey, vars?: Record<string, string>): never {
  throw new Refusal(key, vars);
}

export function isRefusal(err: unknown): err is Refusal {
  return err instanceof Refusal;
}
