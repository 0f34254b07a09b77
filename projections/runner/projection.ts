/**
 * The projection contract (DESIGN.md §6). A projection owns a few tables; the runner creates them in a
 * per-generation schema (`rm_<name>_g<generation>`) and publishes each logical table as a stable view in
 * `public` (`notices` → `rm_notices_g1.notices`), so queries never name a generation. A rebuild fills the next
 * generation side by side and switches the views in one transaction.
 *
 * `apply` runs inside the runner's batch transaction, through the batch's client, after the runner's
 * per-stream revision guard: it sees each (stream, revision) at most once per generation, in stream order.
 * It should still be plain idempotent SQL (upserts), so a bug in one place does not become a duplicate.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';

export interface Projection {
  /** Lower-case identifier: names the schemas, the checkpoint and the stored Kafka offsets. */
  readonly name: string;
  /** Bump when the tables or the handling change: the runner then rebuilds a new generation side by side. */
  readonly version: number;
  /** Event types applied; others are skipped without a call. */
  readonly handles: readonly string[];
  /** Logical table names this projection owns: each is published as a view `public.<table>`. */
  readonly tables: readonly string[];
  /** Creates the tables (and their indexes) in `schema`, which the runner has just created empty. */
  migrate(tx: pg.PoolClient, schema: string): Promise<void>;
  /** Applies one event to the tables in `schema`. */
  apply(tx: pg.PoolClient, event: RecordedEvent, schema: string): Promise<void>;
  /**
   * Optional set-based form of `apply` for a whole batch (in log order, already guarded): one statement for a
   * thousand events is how a rebuild passes 10,000 events/s. When present the runner calls it instead of `apply`.
   */
  applyBatch?(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void>;
  /**
   * Optional: indexes (`create index if not exists …` statements) that no apply statement reads, only queries: a
   * generation filled from the log builds them in one pass once the bulk of the log is in — a rebuild before its
   * gate, the first generation when its first start has caught up (boot.ts) — instead of keeping them row by row
   * while it fills (a GIN or sort index written per row costs more than the row). Queries of a first start's read
   * model run without them until then.
   */
  bulkIndexes?(schema: string): string[];
  /**
   * Optional: events per transaction while a generation of this projection fills before anything reads it (a
   * rebuild's building phase, a first start's catch-up), where the runner's default (FILL_BATCH_SIZE) is too few.
   * For a projection that rewrites a row in every batch that touches it and whose events are small: a batch loads
   * the row once, folds all its events and writes it once, so fewer, bigger batches write fewer rows. A deployment's
   * own fillBatchSize or batchSize (startProjections) still wins.
   */
  readonly fillBatchSize?: number;
}

const IDENTIFIER = /^[a-z][a-z0-9_]{0,39}$/;

/** Rejects names that would not make safe, unquoted SQL identifiers (they are spliced into DDL). */
export function assertProjection(projection: Projection): void {
  if (!IDENTIFIER.test(projection.name)) {
    throw new Error(`projection name "${projection.name}" must match ${IDENTIFIER}`);
  }
  if (!Number.isInteger(projection.version) || projection.version < 1) {
    throw new Error(`projection ${projection.name}: version must be a positive integer`);
  }
  if (projection.tables.length === 0) throw new Error(`projection ${projection.name} owns no table`);
  if (projection.fillBatchSize !== undefined && !(Number.isInteger(projection.fillBatchSize) && projection.fillBatchSize >= 1)) {
    throw new Error(`projection ${projection.name}: fillBatchSize must be a positive integer`);
  }
  for (const table of projection.tables) {
    if (!IDENTIFIER.test(table)) throw new Error(`projection ${projection.name}: table "${table}" must match ${IDENTIFIER}`);
  }
}

export function assertDistinct(projections: readonly Projection[]): void {
  const names = new Set<string>();
  const tables = new Map<string, string>();
  for (const projection of projections) {
    assertProjection(projection);
    if (names.has(projection.name)) throw new Error(`two projections are named ${projection.name}`);
    names.add(projection.name);
    for (const table of projection.tables) {
      const owner = tables.get(table);
      if (owner) throw new Error(`table ${table} is owned by both ${owner} and ${projection.name}`);
      tables.set(table, projection.name);
    }
  }
}

export const generationSchema = (name: string, generation: number): string => `rm_${name}_g${generation}`;

/** The runner's own per-generation table: the last applied revision of each stream (the revision guard). */
export const guardTable = (schema: string): string => `${schema}._stream_revisions`;

export const handlesAny = (projection: Projection, types: Iterable<string>): boolean => {
  for (const type of types) if (projection.handles.includes(type)) return true;
  return false;
};
