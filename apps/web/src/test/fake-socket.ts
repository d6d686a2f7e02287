/** A WebSocket stand-in for tests: records what the client sends, lets the test play the server. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // test helpers
  serverOpen() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSend(payload: unknown) {
    this.onmessage?.({ data: typeof payload === 'string' ? payload : JSON.stringify(payload) } as MessageEvent);
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  types() {
    return this.sent.map((m) => (m as { type: string; params?: unknown }).type + (typeof (m as { params?: unknown }).params === 'string' ? `:${(m as { params: string }).params}` : ''));
  }
}

/** The most recently created fake socket. */
export function lastSocket(): FakeSocket {
  const s = FakeSocket.all[FakeSocket.all.length - 1];
  if (!s) throw new Error('no socket yet');
  return s;
}
