/**
 * Token auth (spec §6, origin-contract §1): `Authorization: <token>` header (or `Authorization` query parameter).
 * Routes declare `config: { auth: 'required' }` (missing → 20005 请先登录, unknown or expired → 20004) or
 * `'optional'` (personalises when a valid token comes, anonymous otherwise). A session carrying writes the read models
 * had not reached is caught up first (read-your-writes.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadInput } from '../../domain/shared/bad-input';
import { DomainError } from '../../domain/shared/errors';
import { unstorableField } from './edge/storable-text';
import type { SessionStore } from '../identity/session-store';
import type { SessionCatchUp } from './read-your-writes';

export type AuthMode = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyRequest { userId: number | null; token: string | null }
  interface FastifyContextConfig { auth?: AuthMode }
}

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim()) return header.trim().replace(/^Bearer\s+/i, '');
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.Authorization;
  return typeof fromQuery === 'string' && fromQuery.trim() ? fromQuery.trim() : null;
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
    // a token PostgreSQL cannot store is no session's: refused before the session lookup would fail on it
    if (token !== null && unstorableField(token) !== null) throw new BadInput('参数 Authorization 无效：含有不可存储的字符');
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
