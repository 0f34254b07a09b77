/**
 * Read-your-writes across requests (DESIGN.md §6: "the session remembers its last written position, so a later read
 * by the same shopper (on any instance) waits for it too").
 *
 * - `rememberingWaitFor(waitFor)` is the waitFor every slice gets. When a command's bounded wait times out inside a
 *   request, the writes it waited for are noted on the request: the response says `x-read-your-writes: behind` and
 *   the writes go to the session (SessionStore.remember) — the one extra statement, and only then.
 * - A later request with that session (auth.ts, any API instance: the position lives in the sessions table and is
 *   read with the session) first waits, bounded by READ_YOUR_WRITES_TIMEOUT_MS, until the projections those writes
 *   were waited for have applied them. Reached: they are forgotten (one statement, once). Not reached: the response
 *   says `x-read-your-writes: behind`, and a route that decides on read models (`config: { readYourWrites: 'decide' }`:
 *   the profile update reads the users read model) refuses with 503 服务繁忙，请稍后重试 rather than deciding on a read
 *   model that has not seen the shopper's last write. A route that can take the facts it decides on from the event
 *   store instead (`readYourWrites: 'decide-on-streams'`: settlement and submit, whose address book, wallet and unpaid
 *   orders are streams) goes on with `request.readModelsBehind` set to the writes not yet applied, and decides from
 *   the streams (services/checkout/shopper-facts.ts): a feed outage makes the checkout slower, not closed (issue 28;
 *   an address saved a moment ago would otherwise be 81004 请选择您的收货地址, or 503 for the whole outage). Having
 *   waited its bound once, such a request does not wait again for its own writes: they go to the session at once.
 */
import { readYourWritesTimeouts, readYourWritesWaits } from '../metrics/edge-metrics';
import { secondsSince } from '../metrics/registry';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors';
import type { WaitFor, WrittenEvent } from '../../projections/runner/wait-for';
import { formatPosition, parsePosition } from '../event-store/event-store.port';
import type { SessionPosition, SessionStore } from '../identity/session-store';
import type { StreamDecisions } from './stream-decisions';

export const READ_YOUR_WRITES_HEADER = 'x-read-your-writes';

declare module 'fastify' {
  interface FastifyRequest {
    writesBehind: SessionPosition | null;
    /** On a 'decide-on-streams' route: the session's writes the read models had not applied when it came in. */
    readModelsBehind: SessionPosition | null;
    /**
     * On any route: the session's writes the read models had not applied when it came in (its bounded wait ran out).
     * A read that misses something the session wrote answers busy (503), never "does not exist" (issue 29).
     */
    sessionBehind: SessionPosition | null;
  }
  interface FastifyContextConfig {
    /**
     * 'decide': the route decides on read models, so it refuses (503) while the session's writes are not in them.
     * 'decide-on-streams': it can decide from the event store, so it goes on with `request.readModelsBehind` set.
     */
    readYourWrites?: 'decide' | 'decide-on-streams';
  }
}

const current = new AsyncLocalStorage<FastifyRequest>();

/** Notes `events` (waited for by `projections`; [] = every projection handling them) on the request, newest per stream. */
function note(request: FastifyRequest, events: readonly WrittenEvent[], projections: readonly string[]): void {
  const behind: SessionPosition = request.writesBehind ?? {};
  for (const e of events) {
    const known = behind[e.streamId];
    if (known && known.revision >= e.revision) continue;
    behind[e.streamId] = { revision: e.revision, type: e.type, position: formatPosition(e.position), projections: [...projections] };
  }
  request.writesBehind = behind;
}

export function rememberingWaitFor(waitFor: WaitFor, timeoutMs: number): WaitFor {
  return async (appended, options = {}) => {
    const request = current.getStore();
    // a request that came in behind already waited its whole bound for read models that did not move (a feed outage):
    // the writes it makes go to the session at once, for the next request to wait on, rather than after a bound each
    // (a submit waited three: 6 s instead of 2)
    const bound = request?.readModelsBehind ? 0 : timeoutMs;
    const start = process.hrtime.bigint();
    const reached = await waitFor(appended, { timeoutMs: bound, ...options });
    readYourWritesWaits.observe({ reached: String(reached) }, secondsSince(start));
    if (!reached) readYourWritesTimeouts.inc();
    if (!reached && request) note(request, Array.isArray(appended) ? appended : (appended as { events: WrittenEvent[] }).events, options.projections ?? []);
    return reached;
  };
}

/** What a session's remembered position asks to wait for. */
function awaited(position: SessionPosition): { events: WrittenEvent[]; projections: string[] | undefined } {
  const entries = Object.entries(position);
  const events = entries.map(([streamId, w]) => ({ streamId, revision: w.revision, type: w.type, position: parsePosition(w.position) }));
  const every = entries.some(([, w]) => w.projections.length === 0);
  return { events, projections: every ? undefined : [...new Set(entries.flatMap(([, w]) => w.projections))] };
}

export interface ReadYourWritesDeps {
  sessions: SessionStore;
  waitFor: WaitFor;
  timeoutMs: number;
  /** noted each time a 'decide-on-streams' route goes on from the streams (health says so) */
  streamDecisions?: StreamDecisions;
}

/** The ids of the `<prefix><id>` streams the session wrote and the read models had not applied when it came in. */
export function laggingIds(request: FastifyRequest, prefix: string): number[] {
  return Object.keys(request.sessionBehind ?? {})
    .filter((streamId) => streamId.startsWith(prefix) && /^\d+$/.test(streamId.slice(prefix.length)))
    .map((streamId) => Number(streamId.slice(prefix.length)));
}

/** Called by auth.ts once a session resolved that carries writes the read models may not have reached. */
export type SessionCatchUp = (request: FastifyRequest, reply: FastifyReply, token: string, position: SessionPosition) => Promise<void>;

export function sessionCatchUp(deps: ReadYourWritesDeps): SessionCatchUp {
  return async (request, reply, token, position) => {
    const { events, projections } = awaited(position);
    if (await deps.waitFor(events, { projections, timeoutMs: deps.timeoutMs })) {
      await deps.sessions.forget(token, position);
      return;
    }
    reply.header(READ_YOUR_WRITES_HEADER, 'behind');
    request.sessionBehind = position;
    const mode = request.routeOptions.config?.readYourWrites;
    if (mode === 'decide') throw new DomainError('readModelBehind');
    if (mode === 'decide-on-streams') {
      request.readModelsBehind = position;
      deps.streamDecisions?.note();
    }
  };
}

/** The request scope the remembering waitFor finds its request in, and the session write after a timed-out wait. */
export function installReadYourWrites(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('writesBehind', null);
  app.decorateRequest('readModelsBehind', null);
  app.decorateRequest('sessionBehind', null);
  app.addHook('onRequest', (request, _reply, done) => current.run(request, done));
  app.addHook('onSend', async (request, reply, payload) => {
    const behind = request.writesBehind;
    if (!behind) return payload;
    reply.header(READ_YOUR_WRITES_HEADER, 'behind');
    // best effort: the answer is already decided (often a 503 because the database is away); a session that could not
    // remember only loses the wait on its next read, while a throw here would replace the envelope with a bare 500
    if (request.token) {
      await sessions.remember(request.token, behind).catch((error: unknown) => {
        request.log.warn({ err: error }, 'read-your-writes: the session could not remember its lagging writes');
      });
    }
    return payload;
  });
}
