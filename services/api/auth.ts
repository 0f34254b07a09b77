/**
 * Token auth (spec §6, origin-contract §1): the `Authorization: <token>` header (never a query parameter).
 * Routes declare `config: { auth: 'required' }` (missing → 20005 请先登录, unknown or expired → 20004) or
 * `'optional'` (personalises when a valid token comes, anonymous otherwise). A session carrying writes the read models
 * had not reached is caught up first (read-your-writes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors';
import type { SessionStore } from '../identity/session-store';
import type { SessionCatchUp } from './read-your-writes';

export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyRequest { userId: number | null; token: string | null }
  interface FastifyContextConfig { auth?: AuthMode }
}

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // the header only: a token in a query string lands in logs, histories and Referer headers (issue 13); the
  // websocket, which cannot set headers, takes its own ?token= (ws.route.ts)
  return typeof header === 'string' && header.trim() ? header.trim().replace(/^Bearer\s+/i, '') : null;
}

/** `catchUp`: read-your-writes across requests (read-your-writes.ts), for a session that carries unapplied writes. */
export function installAuth(app: FastifyInstance, sessions: SessionStore, clock: () => Date, catchUp?: SessionCatchUp): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  // preValidation, not preHandler: who is asking is settled before what they sent is checked, so an anonymous call
  // to a protected route answers 20005 请先登录 whatever its body (issue 13)
  app.addHook('preValidation', async (request, reply) => {
    const mode: AuthMode = request.routeOptions.config?.auth ?? 'none';
    if (mode === 'none') return;
    const token = tokenOf(request);
    if (!token) {
      if (mode === 'required') throw new DomainError('loginRequired');
      return;
    }
    const session = await sessions.resolveSession(token, clock());
    if (session === null) {
      if (mode === 'required') throw new DomainError('tokenInvalid');
      return;
    }
    request.userId = session.userId;
    request.token = token;
    if (session.position && catchUp) await catchUp(request, reply, token, session.position);
  });
}

/** The signed-in user of a route declared `auth: 'required'`. */
export function currentUser(request: FastifyRequest): number {
  if (request.userId === null) throw new DomainError('loginRequired');
  return request.userId;
}
