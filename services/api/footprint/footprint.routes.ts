/** `/api/footprint/*` browse history (spec §7 Footprints; origin-contract §8): list by day, delete entries or days. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { footprintDecider } from '../../../domain/footprint/footprint.decider';
import { HistoryDay, footprintStream } from '../../../domain/footprint/footprint.events';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { listFootprints } from './footprint.queries';

export interface FootprintRouteDeps { db: Queryable; store: EventStore; waitFor: WaitFor; clock: () => Date }

const NOTHING_SELECTED = '请先选中需要删除的记录';

/** `ids`: footprint ids; `times`: whole days (`yyyy-MM-dd`, a day group's createTime). */
const DeleteFootprintsBody = z.object({
  ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(500).default([]),
  times: z.array(HistoryDay).max(500).default([]),
}).refine((body) => body.ids.length + body.times.length > 0, { error: NOTHING_SELECTED, path: ['ids'] });

export function registerFootprintRoutes(app: FastifyInstance, deps: FootprintRouteDeps): void {
  const { db, store, waitFor, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/footprint/getAll', { schema: { querystring: PageQuery(4) }, config: { auth: 'required' } }, async (request) => {
    const { page, pageSize } = request.query;
    return ok(await listFootprints(db, currentUser(request), page, pageSize));
  });

  r.delete('/footprint/delete', { schema: { body: DeleteFootprintsBody }, config: { auth: 'required', owns: 'footprint' } }, async (request) => {
    const userId = currentUser(request);
    const result = await handleCommand({
      store,
      streamId: footprintStream(userId),
      decider: footprintDecider,
      command: { type: 'DeleteFootprints', data: { userId, ids: request.body.ids, days: request.body.times } },
      now: clock(),
      actor: { kind: 'user', id: String(userId) },
      retryOnConflict: true,
    });
    await waitFor(result);
    return ok(null, '删除成功');
  });
}
