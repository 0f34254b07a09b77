/**
 * The websocket client (DESIGN.md §9): one connection to `/ws` while anything is subscribed, signed in by its first
 * message `{op:'auth', token}` (the token is never in the URL, issue 29); channels are (re)subscribed once the server says `ready`; a lost connection comes back with exponential
 * backoff and jitter. Pushes carry the log position: a push not newer than the last one seen on its channel is
 * dropped, so a late, reordered or repeated push never undoes a newer one (the same change pushed by two instances,
 * or caught up twice).
 *
 * Nothing is missed across a reconnect: the server's `subscribed` answer says up to where the channel is accounted
 * for; coming back, the client subscribes with `after` that position and the server first sends what it pushed
 * since. When it cannot (it started later, or let those pushes go) it answers `resync`: the handlers are called with
 * `meta.resync` and a null payload, and refetch.
 */
import { getToken } from './session';

/** The part of a browser WebSocket the client uses (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeOptions {
  /** The URL to open, or null when nothing should be opened. It carries no token (issue 29: URLs end up in logs). */
  url: () => string | null;
  /**
   * Who is signed in now (the token), sent as the first message `{op:'auth', token}` when the socket opens — the server
   * also reads the token cookie on the upgrade. A connection opened for another token (or none) is replaced.
   */
  token?: () => string | undefined;
  open?: (url: string) => SocketLike;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface PushMeta {
  channel: string;
  position: string | null;
  /** Pushes may have been missed while disconnected and cannot be caught up: refetch (the payload is null). */
  resync?: boolean;
}
export type PushHandler = (payload: unknown, meta: PushMeta) => void;
/** A channel name, or a function of the signed-in user's id (`(id) => 'user:' + id`), known once the server is ready. */
export type ChannelName = string | ((userId: number) => string);

export interface Realtime {
  subscribe(channel: ChannelName, handler: PushHandler): () => void;
  /** Drops the connection and opens a new one with the current token (after a login). */
  reconnect(): void;
}

const OPEN = 1;

/** `commit/prepare` → comparable pair; null for anything else. */
export function parsePosition(text: string | null | undefined): [bigint, bigint] | null {
  const match = typeof text === 'string' ? /^(\d+)\/(\d+)$/.exec(text) : null;
  return match ? [BigInt(match[1]), BigInt(match[2])] : null;
}

export const isNewer = (next: [bigint, bigint], last: [bigint, bigint] | undefined): boolean =>
  !last || next[0] > last[0] || (next[0] === last[0] && next[1] > last[1]);

interface Subscription { channel: ChannelName; handler: PushHandler }

interface ServerMessage {
  op?: unknown; channel?: unknown; position?: unknown; payload?: unknown; userId?: unknown; code?: unknown; resync?: unknown;
}

const formatPosition = ([commit, prepare]: [bigint, bigint]): string => `${commit}/${prepare}`;

export function createRealtime(options: RealtimeOptions): Realtime {
  const open = options.open ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const initialDelay = options.initialDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30000;
  const random = options.random ?? Math.random;

  const subscriptions = new Set<Subscription>();
  const lastSeen = new Map<string, [bigint, bigint]>();
  let socket: SocketLike | null = null;
  let userId: number | null = null;
  /** The server said `ready` on this connection (signed in: userId set; a visitor: public channels only). */
  let ready = false;
  let subscribed = new Set<string>();
  let retry: unknown = null;
  let attempts = 0;
  /**
   * The URL whose token was refused (never valid, or its session logged out or expired): not opened again until the
   * token changes (a new sign-in) or reconnect() is called.
   */
  let refusedUrl: string | null = null;
  let socketUrl: string | null = null;

  const resolve = (channel: ChannelName): string | null =>
    typeof channel === 'string' ? channel : userId === null ? null : channel(userId);

  const send = (message: object) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  /** The connection wanted now: the URL and whose token it signs in with (null: none wanted). */
  const target = (): string | null => {
    const url = options.url();
    return url === null ? null : `${url}#${options.token?.() ?? ''}`;
  };

  const syncChannels = () => {
    if (!ready) return;
    const wanted = new Set([...subscriptions].map((s) => resolve(s.channel)).filter((c): c is string => c !== null));
    for (const channel of wanted) {
      if (subscribed.has(channel)) continue;
      const heard = lastSeen.get(channel);
      send({ op: 'subscribe', channel, ...(heard ? { after: formatPosition(heard) } : {}) });
    }
    for (const channel of subscribed) {
      if (wanted.has(channel)) continue;
      send({ op: 'unsubscribe', channel });
      lastSeen.delete(channel); // a page subscribing again fetches afresh
    }
    subscribed = wanted;
  };

  const handlersOf = (channel: string) => [...subscriptions].filter((s) => resolve(s.channel) === channel);

  const deliver = (channel: string, position: string | null, payload: unknown) => {
    const parsed = parsePosition(position);
    if (parsed) {
      if (!isNewer(parsed, lastSeen.get(channel))) return;
      lastSeen.set(channel, parsed);
    }
    for (const s of handlersOf(channel)) s.handler(payload, { channel, position });
  };

  /** The server's `subscribed`: everything up to its position is accounted for (the missed pushes came before it). */
  const accountFor = (channel: string, position: string | null, resync: boolean) => {
    const parsed = parsePosition(position);
    if (parsed && isNewer(parsed, lastSeen.get(channel))) lastSeen.set(channel, parsed);
    if (resync) for (const s of handlersOf(channel)) s.handler(null, { channel, position: null, resync: true });
  };

  const onMessage = (raw: unknown) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(raw)) as ServerMessage;
    } catch {
      return;
    }
    if (message.op === 'ready' && (typeof message.userId === 'number' || message.userId === null)) {
      userId = message.userId;
      ready = true;
      attempts = 0;
      subscribed = new Set();
      syncChannels();
    } else if (message.op === 'subscribed' && typeof message.channel === 'string') {
      accountFor(message.channel, typeof message.position === 'string' ? message.position : null, message.resync === true);
    } else if (message.op === 'event' && typeof message.channel === 'string') {
      deliver(message.channel, typeof message.position === 'string' ? message.position : null, message.payload);
    } else if (message.op === 'error' && message.code === '20004') {
      refusedUrl = socketUrl;
      drop();
      connect(); // signed in again meanwhile: the new token's connection
    }
  };

  function drop() {
    const current = socket;
    socket = null;
    userId = null;
    ready = false;
    subscribed = new Set();
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.onerror = null;
      current.close();
    }
  }

  function scheduleRetry() {
    if (retry !== null || subscriptions.size === 0) return;
    const delay = Math.min(maxDelay, initialDelay * 2 ** attempts) * (0.5 + random() / 2);
    attempts += 1;
    retry = setTimer(() => {
      retry = null;
      connect();
    }, delay);
  }

  function connect() {
    if (socket || retry !== null || subscriptions.size === 0) return;
    const url = options.url();
    const wanted = target();
    if (!url || wanted === refusedUrl) return;
    const token = options.token?.();
    const current = open(url);
    socket = current;
    socketUrl = wanted;
    // the token goes in the first message, never in the URL; the server answers `ready` with who it is
    current.onopen = () => { if (token && current.readyState === OPEN) current.send(JSON.stringify({ op: 'auth', token })); };
    current.onmessage = (event) => onMessage(event.data);
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      userId = null;
      ready = false;
      subscribed = new Set();
      scheduleRetry();
    };
    current.onerror = () => current.close();
  }

  return {
    subscribe(channel, handler) {
      const subscription: Subscription = { channel, handler };
      subscriptions.add(subscription);
      if (socket && socketUrl !== target()) drop(); // signed in or out since it opened: a connection for now
      if (socket) syncChannels();
      else connect();
      return () => {
        subscriptions.delete(subscription);
        if (subscriptions.size > 0) return syncChannels();
        lastSeen.clear();
        drop();
        if (retry !== null) clearTimer(retry);
        retry = null;
      };
    },
    reconnect() {
      refusedUrl = null;
      attempts = 0;
      drop();
      if (retry !== null) clearTimer(retry);
      retry = null;
      connect();
    },
  };
}

/** The app's one connection: same host, `/ws`, the token from the cookie (a visitor without one follows public channels). */
export const realtime: Realtime = createRealtime({
  url: () => {
    if (typeof window === 'undefined') return null;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${window.location.host}/ws`;
  },
  token: () => getToken(),
});
