/**
 * `npm run ops -- audit verify` (DESIGN.md §5): the whole log checked against what was chained at append time — each
 * event's stored link (the store's verifyChain) and, on PostgreSQL, the anchors kept outside the events table. An
 * edited, deleted, inserted or reordered event is reported with its position.
 */
import type { Database } from '../db/database';
import type { ChainProblem, EventStore } from '../event-store/event-store.port';
import { verifyAnchors } from '../event-store/postgres/chain-anchors';

export interface LogVerification { ok: boolean; anchors: number; problems: ChainProblem[] }

export interface VerifyDeps {
  store: EventStore;
  /** The database holding the events table and its anchors; null when events live in EventStoreDB. */
  eventsDb: Database | null;
}

export async function verifyLog(deps: VerifyDeps): Promise<LogVerification> {
  const links = await deps.store.verifyChain();
  const anchored = deps.eventsDb ? await verifyAnchors(deps.eventsDb) : { anchors: 0, problems: [] };
  const problems = [...links, ...anchored.problems];
  return { ok: problems.length === 0, anchors: anchored.anchors, problems };
}
