/** Ops: projection status and side-by-side rebuild while the storefront keeps serving. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../envelope';

export interface ProjectionOps {
  status(): Promise<unknown[]>;
  names(): string[];
  /** Rebuilds one projection, or every one for 'all', side by side; resolves after the atomic switch. */
  rebuild(name: string): Promise<Array<{ name: string; events: number; ms: number }>>;
}

export function registerProjectionOpsRoutes(app: FastifyInstance, ops: ProjectionOps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/projections', async () => ok(await ops.status()));
  r.post('/projections/:name/rebuild', {
    schema: { params: z.object({ name: z.string().min(1).max(64).refine((n) => n === 'all' || ops.names().includes(n), '未知的投影') }) },
  }, async (request) => {
    return ok(await ops.rebuild(request.params.name));
  });
}
