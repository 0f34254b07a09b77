/** `GET /api/health`: the event store, the feed and every projection's lag (DESIGN.md §5: surface reader lag). */
import type { FastifyInstance } from 'fastify';
import type { EventStore } from '../../event-store/event-store.port';
import { formatPosition } from '../../event-store/event-store.port';
import { ok } from '../envelope';

export interface ProjectionHealth { name: string; state: string; lag: number | null; position: string | null }

export interface HealthSources {
  store: EventStore;
  storeKind: string;
  feedKind: string;
  projections: () => Promise<ProjectionHealth[]>;
}

export function registerHealthRoute(app: FastifyInstance, sources: HealthSources): void {
  app.get('/health', async (_request, reply) => {
    let head: string | null = null;
    let storeUp = true;
    try {
      const position = await sources.store.headPosition();
      head = position ? formatPosition(position) : null;
    } catch {
      storeUp = false;
    }
    const projections = await sources.projections().catch(() => []);
    const healthy = storeUp && projections.every((p) => p.state !== 'failed');
    reply.status(healthy ? 200 : 503);
    return ok({
      status: healthy ? 'up' : 'degraded',
      store: { kind: sources.storeKind, up: storeUp, head },
      feed: { kind: sources.feedKind },
      projections,
    });
  });
}
