import { ZWsServerMessage, type TWsServerMessage } from '@tradebot/api-contract';
import { getToken } from './session';
import {
  closed,
  closing,
  connecting,
  idle,
  opened,
  restarted,
  WS_LIMITS,
  type ReconnectPolicy,
  type WsClose,
  type WsSnapshot,
} from './ws-state';

type Listener = (message: TWsServerMessage) => void;

export interface ConnectionDeps {
  /** Opens a socket; the browser's WebSocket by default (tests pass a fake). */
  open: (url: string) => WebSocket;
  /** The /ws URL with the current token, or null when signed out. */
  url: () => string | null;
  now: () => number;
  policy: ReconnectPolicy;
}

const browserUrl = () => {
  const token = getToken();
  if (!token) return null;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`;
};

/**
 * One /ws socket per tab, shared by everything live (screener and backtest progress, later the
 * dashboard). It is open while at least one user `want()`s it, reconnects by `ws-state.ts`, and
 * publishes its state for `useSyncExternalStore` (the banner).
 */
export class UserEventsConnection {
  private state: WsSnapshot = idle;
  private socket: WebSocket | null = null;
  private demand = 0;
  private readonly listeners = new Set<Listener>();
  private readonly watchers = new Set<() => void>();
  private timers: {
    retry?: ReturnType<typeof setTimeout>;
    connect?: ReturnType<typeof setTimeout>;
    heartbeat?: ReturnType<typeof setInterval>;
  } = {};

  constructor(private readonly deps: ConnectionDeps) {}

  getSnapshot = (): WsSnapshot => this.state;
  /** Something live is running (the banner is shown only then). */
  get wanted(): boolean {
    return this.demand > 0;
  }

  watch = (onChange: () => void) => {
    this.watchers.add(onChange);
    return () => void this.watchers.delete(onChange);
  };

  onMessage(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Keeps the socket open until the returned release is called. */
  want(): () => void {
    this.demand += 1;
    if (this.demand === 1) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.demand -= 1;
      if (this.demand === 0) this.shut();
    };
  }

  /** The banner's Reconnect button. */
  reconnect(): void {
    if (!this.wanted || this.state.status === 'connected') return;
    clearTimeout(this.timers.retry);
    this.set(restarted(this.state));
    this.connect();
  }

  private set(next: WsSnapshot) {
    this.state = next;
    this.watchers.forEach((onChange) => onChange());
  }

  private connect() {
    const url = this.deps.url();
    if (this.socket) return;
    // Signed out meanwhile: no attempt, and no countdown to one.
    if (!url) return this.set({ ...this.state, retryAt: null });
    const socket = this.deps.open(url);
    this.socket = socket;
    this.set(connecting(this.state));
    let timedOut = false;
    this.timers.connect = setTimeout(() => {
      timedOut = true;
      socket.close();
    }, WS_LIMITS.connectTimeoutMs);
    socket.onopen = () => {
      clearTimeout(this.timers.connect);
      this.set(opened(this.state, this.deps.now()));
      this.timers.heartbeat = setInterval(
        () => socket.readyState === socket.OPEN && socket.send(JSON.stringify({ type: 'ping' })),
        WS_LIMITS.heartbeatMs,
      );
    };
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onclose = (event) => {
      clearTimeout(this.timers.connect);
      clearInterval(this.timers.heartbeat);
      if (this.socket !== socket) return;
      this.socket = null;
      const close: WsClose = timedOut
        ? {
            code: event.code,
            reason: `Connection timed out after ${WS_LIMITS.connectTimeoutMs / 1000} s`,
          }
        : { code: event.code, reason: event.reason };
      this.set(
        closed(this.state, close, {
          now: this.deps.now(),
          wanted: this.wanted,
          policy: this.deps.policy,
        }),
      );
      const { retryAt } = this.state;
      if (retryAt !== null)
        this.timers.retry = setTimeout(() => this.connect(), retryAt - this.deps.now());
    };
  }

  private receive(socket: WebSocket, data: unknown) {
    let parsed;
    try {
      parsed = ZWsServerMessage.safeParse(JSON.parse(String(data)));
    } catch {
      return; // Not JSON: nothing to show.
    }
    if (!parsed.success) return;
    // The server's heartbeat: answer it, show nothing.
    if (parsed.data.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
    for (const listener of this.listeners) listener(parsed.data);
  }

  /** Nothing live any more: close on purpose; a later `want()` starts a fresh socket. */
  private shut() {
    clearTimeout(this.timers.retry);
    clearTimeout(this.timers.connect);
    clearInterval(this.timers.heartbeat);
    const socket = this.socket;
    this.socket = null;
    if (!socket) return this.set(idle);
    this.set(closing(this.state));
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = () => {
      if (!this.socket) this.set(idle);
    };
    socket.close(1000, 'Nothing live');
  }
}

/**
 * The tab's connection. Pages always reconnect ("pages override this to always
 * reconnect"): a socket refused for an ended session tries again with whatever token is stored
 * by then, so logging in again brings live updates back without a reload.
 */
export const userEvents = new UserEventsConnection({
  open: (url) => new WebSocket(url),
  url: browserUrl,
  now: () => Date.now(),
  policy: 'always',
});
