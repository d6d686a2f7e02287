/** Where the engine's parts (feeds, consumers, relay, scheduler) report; a pino child in production. */
export interface EngineLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export const silentEngineLog: EngineLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
