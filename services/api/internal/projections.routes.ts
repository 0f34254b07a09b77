/** Ops: projection status and side-by-side rebuild while the storefront keeps serving. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../envelope';
import type { RebuildOptions, RebuildResult } from '../../../projections/runner/rebuild';
import { RebuildRefusedError } from '../../../projections/runner/rebuild';

export interface ProjectionOps {
  status(): Promise<unknown[]>;
  names(): string[];
  /** Rebuilds one projection, or every one for 'all', side by side; resolves after the atomic switch. */
  rebuild(name: string, options?: RebuildOptions): Promise<RebuildResult[]>;
}

/** A refused rebuild (the chain reports problems, or the gate found differences) answers why, not an error page. */
export interface RebuildAnswer { switched: boolean; refused: string | null; results: RebuildResult[] }

export function registerProjectionOpsRoutes(app: FastifyInstance, ops: ProjectionOps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/projections', async () => ok(await ops.status()));
  r.post('/projections/:name/rebuild', {
    schema: {
      params: z.object({ name: z.string().min(1).max(64).refine((n) => n === 'all' || ops.names().includes(n), '未知的投影') }),
      // requireIdentical: the default now, still accepted from an older CLI
      body: z.object({ acceptDifferences: z.boolean().optional(), requireIdentical: z.boolean().optional() }).nullish(),
    },
  }, async (request) => {
    try {
      const results = await ops.rebuild(request.params.name, { acceptDifferences: request.body?.acceptDifferences ?? false });
      return ok<RebuildAnswer>({ switched: true, refused: null, results });
    } catch (error) {
      if (!(error instanceof RebuildRefusedError)) throw error;
      return ok<RebuildAnswer>({ switched: false, refused: error.message, results: [] });
    }
  });
}
