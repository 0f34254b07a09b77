/**
 * `/ws`: authenticate with the `token` cookie the upgrade request carries (the web's own), or a first (or later)
 * `{op:'auth', token}` message — never a token in the URL, which ends up in access logs (issue 29). `?token=` is still
 * read for clients built before that, and wins over the cookie when both are given. Then
 * `{op:'subscribe', channel, after?}` / `{op:'unsubscribe', channel}`. Answers `{op:'ready', userId, position}` (userId
 * null at once for a visitor without a token: public channels such as `sku:` only, others answer 20005),
 * `{op:'subscribed', channel, position, resync?}`, `{op:'unsubscribed', channel}`, `{op:'error', code, message, channel?}`;
 * pushes `{op:'event', channel, position, payload}`.
 *
 * `position` is where this instance's push feed is: every later push on the channel reaches the socket. A client
 * coming back with `after` (the last position it accounted for on the channel) first gets the pushes it missed since
 * then (before the `subscribed` answer); when this instance cannot know them all (it started later, or they left its
 * buffer) the answer says `resync: true` and the client refetches. A socket whose session ends (logout, expiry; looked at every
 * `sessionCheckMs`, on any instance) loses its subscriptions and is told 20004.
 */
import { websocketConnections } from '../metrics/edge-metrics';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors } from '../../domain/shared/errors';
import { parsePosition } from '../event-store/event-store.port';
import type { SessionStore } from '../identity/session-store';
import type { RealtimeHub, RealtimeSocket } from './hub';

const Position = z.string().regex(/^\d{1,20}\/\d{1,20}$/);

const ClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(64) }),
  z.object({ op: z.literal('subscribe'), channel: z.string().min(1).max(80), after: Position.optional() }),
  z.object({ op: z.literal('unsubscribe'), channel: z.string().min(1).max(80) }),
  z.object({ op: z.literal('ping') }),
]);

/** Channels one socket may follow at once (issue 29: 5,000 were accepted); the page needs a handful. */
export const MAX_CHANNELS_PER_SOCKET = 100;
export const TOO_MANY_CHANNELS = { code: '429', message: `订阅频道过多（每个连接最多${MAX_CHANNELS_PER_SOCKET}个）` };

/** The `token` cookie of the upgrade request, if any. */
export function tokenCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== 'token') continue;
    try {
      const value = decodeURIComponent(part.slice(eq + 1).trim());
      return value === '' ? undefined : value;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface WebsocketOptions {
  /** How often the sessions of open sockets are looked at again (default 5000 ms). */
  sessionCheckMs?: number;
}

interface Listener { token: string | null; userId: number | null; end(): void }

export function registerWebsocketRoute(
  app: FastifyInstance, hub: RealtimeHub, sessions: SessionStore, clock: () => Date, options: WebsocketOptions = {},
): void {
  const listeners = new Set<Listener>();

  app.get('/ws', { websocket: true }, (socket, request) => {
    const sock = socket as unknown as RealtimeSocket & { close(code?: number): void; on(e: string, f: (d: unknown) => void): void };
    const send = (message: object) => { if (sock.readyState === 1) sock.send(JSON.stringify(message)); };
    const fail = (code: string, message: string, channel?: string) => send({ op: 'error', code, message, channel });
    const listener: Listener = {
      token: null,
      userId: null,
      end() {
        hub.dropSocket(sock);
        channels.clear();
        listener.userId = null;
        listener.token = null;
        fail(Errors.tokenInvalid.code, Errors.tokenInvalid.message);
      },
    };
    listeners.add(listener);

    /** The channels this socket follows (at most MAX_CHANNELS_PER_SOCKET). */
    const channels = new Set<string>();
    const authenticate = async (token: string) => {
      const forget = () => { hub.dropSocket(sock); channels.clear(); };
      // another session's channels are not this one's; the same token again (the cookie, then an `auth`) keeps them
      if (token !== listener.token) forget();
      listener.token = token;
      listener.userId = await sessions.resolve(token, clock());
      if (listener.userId === null) {
        forget();
        listener.token = null;
        fail(Errors.tokenInvalid.code, Errors.tokenInvalid.message);
      } else {
        send({ op: 'ready', userId: listener.userId, position: hub.position });
      }
    };

    const queryToken = (request.query as Record<string, unknown>).token; // clients from before issue 29 only
    const token = typeof queryToken === 'string' ? queryToken : tokenCookieOf(request.headers.cookie);
    const ready = token !== undefined ? authenticate(token) : Promise.resolve();
    // a visitor without a token may follow public channels at once (or sign in with an `auth` message)
    if (token === undefined) send({ op: 'ready', userId: null, position: hub.position });

    sock.on('message', async (raw) => {
      await ready;
      let parsed: z.infer<typeof ClientMessage>;
      try {
        parsed = ClientMessage.parse(JSON.parse(String(raw)));
      } catch {
        return fail('400', '消息格式错误');
      }
      if (parsed.op === 'ping') return send({ op: 'pong' });
      if (parsed.op === 'auth') return authenticate(parsed.token);
      const userId = listener.userId;
      if (parsed.op === 'unsubscribe') {
        hub.unsubscribe(parsed.channel, sock);
        channels.delete(parsed.channel);
        return send({ op: 'unsubscribed', channel: parsed.channel });
      }
      if (!channels.has(parsed.channel) && channels.size >= MAX_CHANNELS_PER_SOCKET) {
        return fail(TOO_MANY_CHANNELS.code, TOO_MANY_CHANNELS.message, parsed.channel);
      }
      if (!(await hub.mayListen(userId, parsed.channel))) {
        return userId === null
          ? fail(Errors.loginRequired.code, Errors.loginRequired.message, parsed.channel)
          : fail('403', '拒绝访问!', parsed.channel);
      }
      if (listener.userId !== userId) return undefined; // signed in or out while the policy was asked
      // subscribed and caught up in one turn: a push delivered meanwhile is either in the catch-up or sent live. The
      // missed pushes go first: the client counts everything up to `position` in the answer as heard
      if (!channels.has(parsed.channel) && channels.size >= MAX_CHANNELS_PER_SOCKET) {
        return fail(TOO_MANY_CHANNELS.code, TOO_MANY_CHANNELS.message, parsed.channel); // others counted while asked
      }
      hub.subscribe(parsed.channel, sock);
      channels.add(parsed.channel);
      const missed = parsed.after ? hub.missedSince(parsed.channel, parsePosition(parsed.after)) : [];
      for (const push of missed ?? []) if (sock.readyState === 1) sock.send(push.text);
      send({ op: 'subscribed', channel: parsed.channel, position: hub.position, ...(missed === null ? { resync: true } : {}) });
      return undefined;
    });
    websocketConnections.inc();
    sock.on('close', () => {
      websocketConnections.dec();
      listeners.delete(listener);
      hub.dropSocket(sock);
    });
  });

  const sweep = setInterval(() => void endLapsedSessions(listeners, sessions, clock), options.sessionCheckMs ?? 5000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/** Ends the listening of sockets whose session is gone (one statement per look). */
async function endLapsedSessions(listeners: ReadonlySet<Listener>, sessions: SessionStore, clock: () => Date): Promise<void> {
  const asked = new Set([...listeners].map((l) => l.token).filter((t): t is string => t !== null));
  if (asked.size === 0) return;
  const live = await sessions.liveTokens([...asked], clock()).catch(() => null);
  if (!live) return; // the database did not answer: look again next time
  // a socket that signed in with another token meanwhile is looked at next time
  for (const listener of listeners) if (listener.token !== null && asked.has(listener.token) && !live.has(listener.token)) listener.end();
}
