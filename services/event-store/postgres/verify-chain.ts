/** The postgres adapter's chain check (VERIFY_CHAIN_SQL) read into the port's problems. */
import type { Queryable } from '../../db/database';
import type { ChainProblem } from '../event-store.port';
import { VERIFY_CHAIN_SQL } from './postgres-event-store.sql';

/** More than this many broken rows: the first ones tell the story. */
const MAX_PROBLEMS = 1000;

interface VerifyRow {
  stream_id: string;
  stream_revision: string;
  transaction_id: string;
  global_position: string;
  unchained: boolean;
  gap: boolean;
  previous_revision: string | null;
  out_of_place: boolean;
  mismatch: boolean;
}

export async function verifyPostgresChain(q: Queryable, streams?: readonly string[]): Promise<ChainProblem[]> {
  const { rows } = await q.query<VerifyRow>(VERIFY_CHAIN_SQL, [streams ? [...streams] : null, MAX_PROBLEMS]);
  return rows.map((row): ChainProblem => {
    const at = { streamId: row.stream_id, revision: Number(row.stream_revision), position: `${row.transaction_id}/${row.global_position}` };
    if (row.unchained) return { ...at, kind: 'unchained', detail: 'no chain link stored for this event' };
    if (row.gap) {
      const from = row.previous_revision === null ? 0 : Number(row.previous_revision) + 1;
      return from >= at.revision
        ? { ...at, kind: 'out-of-place', detail: `revision ${at.revision} follows revision ${row.previous_revision}` }
        : { ...at, kind: 'missing', detail: `revision${at.revision - from > 1 ? 's' : ''} ${from}${at.revision - from > 1 ? `–${at.revision - 1}` : ''} of ${row.stream_id} missing before this event` };
    }
    if (row.out_of_place) return { ...at, kind: 'out-of-place', detail: 'stored before an earlier revision of its stream in the log' };
    return { ...at, kind: 'edited', detail: 'stored content (or the link before it) differs from what was chained at append time' };
  });
}
