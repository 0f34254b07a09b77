/** Ops: seed the demo data through the running server (PGlite allows one process per data directory). */
import type { FastifyInstance } from 'fastify';
import type { EventStore } from '../../event-store/event-store.port';
import { seedDemo } from '../../ops/seed/seed-demo';
import { ok } from '../envelope';

export function registerSeedRoutes(app: FastifyInstance, store: EventStore, clock: () => Date): void {
  app.post('/seed/demo', async () => {
    const { seeded, events } = await seedDemo(store, clock());
    return ok({ seeded, events });
  });
}
