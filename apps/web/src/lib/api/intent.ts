import { useState } from 'react';
import { randomId } from '../storage';
import { ApiError } from './client';

/** Object keys sorted, so the same form values always give the same fingerprint. */
function fingerprint(input: unknown): string {
  return JSON.stringify(input ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** No answer came back: the server may or may not have acted, so only the same key may try again. */
function unanswered(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'cancelled');
}

/**
 * One user intent (a form submission) and its Idempotency-Key. The key lives until the intent
 * has an answer - a success or a refusal - so a second tap after a lost answer is the same
 * intent and the server acts once. Other input is another intent and gets a new key, because
 * the server refuses a key reused for a different request.
 */
export class Intent {
  private key: string | null = null;
  private input = '';

  constructor(private readonly newKey: () => string = randomId) {}

  /** The key for a submission of this input. */
  keyFor(input: unknown): string {
    const print = fingerprint(input);
    if (this.key === null || print !== this.input) {
      this.key = this.newKey();
      this.input = print;
    }
    return this.key;
  }

  /** The intent has its answer: the next submission is a new one. */
  settle(): void {
    this.key = null;
    this.input = '';
  }

  /** Sends `input` under this intent's key; the key is kept only when no answer came back. */
  async run<T>(input: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(input);
    try {
      const result = await send(key);
      this.settle();
      return result;
    } catch (err) {
      if (!unanswered(err)) this.settle();
      throw err;
    }
  }
}

/** The intent of a form (or an action button) for the life of the component. */
export function useIntent(): Intent {
  const [intent] = useState(() => new Intent());
  return intent;
}
