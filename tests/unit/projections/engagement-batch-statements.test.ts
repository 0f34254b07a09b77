/**
 * Collects and footprints apply a batch in a few statements although the engagement log interleaves collects with
 * uncollects and views with deletions (cut in log order, a batch of 1000 was ~480 statements). Correctness (batches
 * equal event by event) is the set-based contract test's; this counts the statements a batch sends.
 */
import type pg from 'pg';
import { collectsProjection } from '../../../projections/collects/collects.projection';
import { footprintsProjection } from '../../../projections/footprints/footprints.projection';
import type { Projection } from '../../../projections/runner/projection';
import { engagementLog } from '../../support/generated-logs';

async function statementsFor(projection: Projection): Promise<{ statements: number; events: number; typeChanges: number }> {
  const batch = engagementLog(20_000).filter((event) => projection.handles.includes(event.type)).slice(0, 1000);
  let statements = 0;
  const tx = { query: async () => { statements += 1; return { rows: [], rowCount: 0 }; } } as unknown as pg.PoolClient;
  await projection.applyBatch!(tx, batch, 'rm_test');
  const typeChanges = batch.filter((event, i) => i > 0 && event.type !== batch[i - 1].type).length;
  return { statements, events: batch.length, typeChanges };
}

describe.each([collectsProjection, footprintsProjection])('$name: a batch of the engagement log', (projection) => {
  it('goes in a few statements, not one per change of event type', async () => {
    const { statements, events, typeChanges } = await statementsFor(projection);
    expect(events).toBe(1000);
    expect(typeChanges).toBeGreaterThan(100); // the log does interleave them
    expect(statements).toBeLessThan(20);
  });
});
