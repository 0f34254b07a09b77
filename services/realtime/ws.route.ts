/**
 * `/ws`: authenticate with `?token=` (or a first `{op:'auth', token}` message), then
 * `{op:'subscribe'|'unsubscribe', channel}`. Answers `{op:'ready', userId}`, `{op:'subscribed'|'unsubscribed', channel}`,
 * `{op:'error', code, message, channel?}`; pushes `{op:'event', channel, position, payload}`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors } from '../../domain/shared/errors';
import type { SessionStore } from '../identity/session-store';
import type { RealtimeHub, RealtimeSocket } from './hub';

const ClientMessage = z.discriminatedUnion('op', [
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(64) }),
  z.object({ op: z.literal('subscribe'), channel: z.string().min(1).max(80) }),
  z.object({ op: z.literal('unsubscribe'), channel: z.string().min(1).max(80) }),
  z.object({ op: z.literal('ping') }),
]);

export function registerWebsocketRoute(app: FastifyInstance, hub: RealtimeHub, sessions: SessionStore, clock: () => Date): void {
  app.get('/ws', { websocket: true }, (socket, request) => {
    const sock = socket as unknown as RealtimeSocket & { close(code?: number): void; on(e: string, f: (d: unknown) => void): void };
    let userId: number | null = null;
    const send = (message: object) => { if (sock.readyState === 1) sock.send(JSON.stringify(message)); };
    const fail = (code: string, message: string, channel?: string) => send({ op: 'error', code, message, channel });

    const authenticate = async (token: string) => {
      userId = await sessions.resolve(token, clock());
      if (userId === null) fail(Errors.tokenInvalid.code, Errors.tokenInvalid.message);
      else send({ op: 'ready', userId });
    };

    const queryToken = (request.query as Record<string, unknown>).token;
    const ready = typeof queryToken === 'string' ? authenticate(queryToken) : Promise.resolve();

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
      if (userId === null) return fail(Errors.loginRequired.code, Errors.loginRequired.message, parsed.channel);
      if (parsed.op === 'unsubscribe') {
        hub.unsubscribe(parsed.channel, sock);
        return send({ op: 'unsubscribed', channel: parsed.channel });
      }
      if (!(await hub.mayListen(userId, parsed.channel))) return fail('403', '拒绝访问!', parsed.channel);
      hub.subscribe(parsed.channel, sock);
      send({ op: 'subscribed', channel: parsed.channel });
    });
    sock.on('close', () => hub.dropSocket(sock));
  });
}
