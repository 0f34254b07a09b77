/**
 * `npm run ops -- audit verify` (DESIGN.md §5): the whole log checked against what was chained at append time — each
 * event's stored link (the store's verifyChain) and, on PostgreSQL, the signed anchors kept outside the events table,
 * checked with the public key only (services/event-store/postgres/verify-anchors.ts). Every break names its event:
 * an edited, deleted, inserted or moved event, a stream's last event deleted, an anchor that does not verify. What
 * follows the last anchor is reported as the unanchored tail, covered only by the chain; anchored events the
 * anchoring process did not append itself are listed (services/audit/append-witness.ts).
 */
import type { Database } from '../db/database';
import type { ChainProblem, EventStore } from '../event-store/event-store.port';
import type { AnchorVerifier } from '../event-store/postgres/chain-anchors';
import { verifyAnchors, type UnanchoredTail, type UnwitnessedEvents } from '../event-store/postgres/verify-anchors';

export interface LogVerification {
  ok: boolean;
  anchors: number;
  /** the key the anchors were checked with (null: none given) */
  keyId: string | null;
  problems: ChainProblem[];
  /** null when events live in EventStoreDB (no anchors there) */
  tail: UnanchoredTail | null;
  /** anchored events the anchoring process did not append itself (null: EventStoreDB) */
  unwitnessed: UnwitnessedEvents | null;
}

export interface VerifyDeps {
  store: EventStore;
  /** The database holding the events table and its anchors; null when events live in EventStoreDB. */
  eventsDb: Database | null;
  /** The anchors' public key (the server's own, or the one an auditor gives); null: signatures cannot be checked. */
  anchorVerifier: AnchorVerifier | null;
}

export async function verifyLog(deps: VerifyDeps): Promise<LogVerification> {
  const links = await deps.store.verifyChain();
  const anchored = deps.eventsDb ? await verifyAnchors(deps.eventsDb, deps.anchorVerifier) : null;
  // an event both checks name for the same reason is listed once
  const seen = new Set(links.map((p) => `${p.kind} ${p.position}`));
  const problems = [...links, ...(anchored?.problems ?? []).filter((p) => !seen.has(`${p.kind} ${p.position}`))];
  return {
    ok: problems.length === 0, anchors: anchored?.anchors ?? 0, keyId: deps.anchorVerifier?.keyId ?? null, problems,
    tail: anchored?.tail ?? null, unwitnessed: anchored?.unwitnessed ?? null,
  };
}
