import {
  isKnownTopic,
  isPrivateTopic,
  WS_CONNECT_TIMEOUT_MS,
  WS_HEARTBEAT_MS,
  WS_MAX_MISSED_PONGS,
  WS_CLOSE_SERVICE_RESTART,
  WS_RESTART_RECONNECT_JITTER_MS,
  WS_SESSION_ENDED_CODE,
  type ClientMessage,
} from '@tp/contracts';

/** A push or answer from the server; `type` is the topic for pushes. */
export interface WsMessage { type?: unknown; [key: string]: unknown }
export type TopicHandler = (message: WsMessage) => void;
export type WsStatus = 'idle' | 'connecting' | 'open' | 'closed';

interface SocketLike {
  readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface WsClientOptions {
  url: () => string;
  getToken: () => string | null;
  /** The interface language, sent with each login so the server's answers speak it. */
  getLang?: () => string;
  createSocket?: SocketFactory;
  logger?: Pick<Console, 'warn'>;
  now?: () => number;
  /** Random numbers in [0, 1) for the reconnect jitter (tests fix it). */
  random?: () => number;
  heartbeatMs?: number;
  connectTimeoutMs?: number;
  maxMissedPongs?: number;
  /** Reconnect delays: min * 2^attempt, capped at max. */
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

const OPEN = 1;
/** After a login the server could not check (its database away), the next try. */
const LOGIN_RETRY_MS = 2000;

/**
 * The live connection (spec section 4 and 9, decisions.md Websocket). Handlers are plain
 * callbacks so ticks can feed stores outside React state.
 */
export class WsClient {
  private socket: SocketLike | null = null;
  private status: WsStatus = 'idle';
  private handlers = new Map<string, Set<TopicHandler>>();
  private statusListeners = new Set<(s: WsStatus) => void>();
  private sessionEndedListeners = new Set<() => void>();
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private loginRetryTimer: ReturnType<typeof setTimeout> | null = null;
  private missedPongs = 0;
  private attempt = 0;
  private loggedIn = false;
  private sentToken: string | null = null;
  private stopped = false;
  private readonly o: Required<WsClientOptions>;

  constructor(options: WsClientOptions) {
    this.o = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      logger: console,
      now: () => Date.now(),
      random: Math.random,
      heartbeatMs: WS_HEARTBEAT_MS,
      connectTimeoutMs: WS_CONNECT_TIMEOUT_MS,
      maxMissedPongs: WS_MAX_MISSED_PONGS,
      backoffMinMs: 1000,
      backoffMaxMs: 30000,
      getLang: () => '',
      ...options,
    };
  }

  getStatus(): WsStatus {
    return this.status;
  }

  isLoggedIn(): boolean {
    return this.loggedIn;
  }

  onStatus(listener: (s: WsStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * The server ended this socket's login (staff disabled the user or ended their sessions, a
   * password change elsewhere): the app leaves at once instead of at its next refused request.
   */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  /** Start the connection unless it is already open or opening. Cheap: called on every navigation. */
  connect(): void {
    this.stopped = false;
    if (this.socket && (this.status === 'connecting' || this.status === 'open')) return;
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
    this.open();
  }

  /** Close for good (no reconnect) until connect() is called again. */
  disconnect(): void {
    this.stopped = true;
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    this.loggedIn = false;
    this.sentToken = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      s.onopen = null;
      try {
        s.close(1000, 'client');
      } catch {
        /* already closed */
      }
    }
    this.setStatus('closed');
  }

  /**
   * Listen to a topic. The first listener of a topic sends `sub`, the last one leaving sends
   * `unsub`; after a reconnect every topic with listeners is subscribed again.
   */
  subscribe(topic: string, handler: TopicHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    const first = set.size === 0;
    set.add(handler);
    if (first) this.sendSub(topic);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const s = this.handlers.get(topic);
      if (!s) return;
      s.delete(handler);
      if (s.size === 0) {
        this.handlers.delete(topic);
        if (this.canSendTopic(topic)) this.send({ type: 'unsub', params: topic });
      }
    };
  }

  /** Topics with at least one listener. */
  topics(): string[] {
    return [...this.handlers.keys()];
  }

  /** Log in or out on the open socket after the token changed. */
  syncToken(): void {
    if (this.status !== 'open') return;
    const token = this.o.getToken();
    if (token === this.sentToken) return;
    if (!token) {
      this.send({ type: 'logout' });
      this.loggedIn = false;
      this.sentToken = null;
      return;
    }
    this.loggedIn = false;
    this.sentToken = token;
    this.send(this.loginMessage(token));
  }

  private loginMessage(token: string): ClientMessage {
    const lang = this.o.getLang();
    return lang ? { type: 'login', params: token, lang } : { type: 'login', params: token };
  }

  private open(): void {
    this.clearTimers();
    this.loggedIn = false;
    this.sentToken = null;
    this.missedPongs = 0;
    let socket: SocketLike;
    try {
      socket = this.o.createSocket(this.o.url());
    } catch (err) {
      this.o.logger.warn('[ws] cannot open', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    this.connectTimer = setTimeout(() => {
      if (this.socket === socket && socket.readyState !== OPEN) {
        this.o.logger.warn('[ws] connect timed out');
        this.drop(socket);
      }
    }, this.o.connectTimeoutMs);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      if (this.connectTimer) clearTimeout(this.connectTimer);
      this.connectTimer = null;
      this.attempt = 0;
      this.setStatus('open');
      const token = this.o.getToken();
      if (token) {
        this.sentToken = token;
        this.send(this.loginMessage(token));
      }
      for (const topic of this.handlers.keys()) if (!isPrivateTopic(topic)) this.send({ type: 'sub', params: topic });
      this.heartbeatTimer = setInterval(() => this.beat(), this.o.heartbeatMs);
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.receive(ev.data);
    };
    socket.onerror = () => {
      /* a close event follows */
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.loggedIn = false;
      this.sentToken = null;
      this.setStatus('closed');
      // A server stopping on purpose: another node serves at once, so no back-off; a short random
      // wait keeps its thousands of clients from arriving in the same millisecond.
      if (ev?.code === WS_CLOSE_SERVICE_RESTART) this.scheduleReconnect(Math.floor(this.o.random() * WS_RESTART_RECONNECT_JITTER_MS));
      else this.scheduleReconnect();
    };
  }

  /** Heartbeat: more than maxMissedPongs unanswered pings means the link is dead. */
  private beat(): void {
    const socket = this.socket;
    if (!socket) return;
    if (this.missedPongs > this.o.maxMissedPongs) {
      this.o.logger.warn('[ws] no pong, reconnecting');
      this.drop(socket);
      return;
    }
    this.missedPongs += 1;
    this.send({ type: 'ping', params: this.o.now() });
  }

  /** Abandon a socket and reconnect. */
  private drop(socket: SocketLike): void {
    socket.onclose = null;
    socket.onmessage = null;
    socket.onopen = null;
    try {
      socket.close(4000, 'reconnect');
    } catch {
      /* ignore */
    }
    if (this.socket === socket) this.socket = null;
    this.clearTimers();
    this.loggedIn = false;
    this.sentToken = null;
    this.setStatus('closed');
    this.scheduleReconnect();
  }

  /** Reconnect after `delayMs`, or after the back-off of the failed attempts so far. */
  private scheduleReconnect(delayMs?: number): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = delayMs ?? Math.min(this.o.backoffMaxMs, this.o.backoffMinMs * 2 ** this.attempt);
    if (delayMs === undefined) this.attempt += 1;
    else this.attempt = 0;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    if (data === 'pong') {
      this.missedPongs = 0;
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      this.o.logger.warn('[ws] not JSON', data.slice(0, 100));
      return;
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    for (const item of list) this.dispatch(item);
  }

  private dispatch(item: unknown): void {
    if (!item || typeof item !== 'object') {
      this.o.logger.warn('[ws] message is not an object', item);
      return;
    }
    const msg = item as WsMessage;
    const type = msg.type;
    if (typeof type !== 'string' || !type) {
      this.o.logger.warn('[ws] message without type', msg);
      return;
    }
    switch (type) {
      case 'pong':
        this.missedPongs = 0;
        return;
      case 'login_result':
        this.loggedIn = msg.code === 1;
        // The server could not check the token just now (its database away): log in again shortly.
        if (msg.code === 0 && msg.error === 'service_unavailable') this.retryLoginLater();
        if (this.loggedIn) for (const topic of this.handlers.keys()) if (isPrivateTopic(topic)) this.send({ type: 'sub', params: topic });
        if (msg.code === WS_SESSION_ENDED_CODE && msg.error === 'session_ended') for (const l of [...this.sessionEndedListeners]) l();
        return;
      case 'logout_result':
      case 'sub_result':
      case 'unsub_result':
        if (msg.code !== 1) this.o.logger.warn(`[ws] ${type}`, msg.msg);
        return;
    }
    const set = this.handlers.get(type);
    if (set && set.size > 0) {
      for (const h of [...set]) {
        try {
          h(msg);
        } catch (err) {
          this.o.logger.warn('[ws] handler failed', type, err);
        }
      }
      return;
    }
    if (!isKnownTopic(type)) this.o.logger.warn('[ws] unknown topic', type);
  }

  private canSendTopic(topic: string): boolean {
    return this.status === 'open' && (!isPrivateTopic(topic) || this.loggedIn);
  }

  private sendSub(topic: string): void {
    if (this.canSendTopic(topic)) this.send({ type: 'sub', params: topic });
  }

  private send(message: ClientMessage): void {
    const s = this.socket;
    if (!s || s.readyState !== OPEN) return;
    try {
      s.send(JSON.stringify(message));
    } catch (err) {
      this.o.logger.warn('[ws] send failed', err);
    }
  }

  private retryLoginLater(): void {
    if (this.loginRetryTimer) return;
    this.loginRetryTimer = setTimeout(() => {
      this.loginRetryTimer = null;
      this.sentToken = null;
      this.syncToken();
    }, LOGIN_RETRY_MS);
  }

  private clearTimers(): void {
    if (this.loginRetryTimer) clearTimeout(this.loginRetryTimer);
    this.loginRetryTimer = null;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.connectTimer = null;
    this.heartbeatTimer = null;
    this.reconnectTimer = null;
  }

  private setStatus(s: WsStatus): void {
    if (this.status === s) return;
    this.status = s;
    for (const l of [...this.statusListeners]) l(s);
  }
}
