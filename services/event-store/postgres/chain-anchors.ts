/**
 * Anchors of the hash chain outside the events table (DESIGN.md §5): now and then the stored links of the global log
 * are folded, in commit-safe order, into a running digest — sha256(previous digest || "commit/prepare:link") — and
 * the digest with the count and position it covers is written to `event_chain_anchors` (and logged, a witness outside
 * the database). Per-stream links catch an edited event; an anchor also catches what a stream's own chain cannot:
 * its last event deleted, a whole forged stream, events moved in the log. Verification refolds the STORED links (it
 * never rechains whatever rows are there) and compares at every anchor.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import { migrate } from '../../db/migrate';
import type { ChainProblem } from '../event-store.port';

const MIGRATION = [
  `create table event_chain_anchors (
     anchor_id bigint generated always as identity primary key,
     transaction_id xid8 not null,
     global_position bigint not null,
     events bigint not null,
     digest bytea not null,
     anchored_at timestamptz not null default now()
   )`,
];

/** Anchorers of several processes on one database take turns (transaction-scoped). */
const ANCHOR_LOCK_KEY = 7_351_248_010;
const FOLD_PAGE = 5000;

export interface Anchor { position: string; events: number; digest: string }

interface AnchorRow { transaction_id: string; global_position: string; events: string; digest: Buffer }
interface LinkRow { transaction_id: string; global_position: string; chain_hash: string | null }

export const migrateChainAnchors = (db: Database) => migrate(db, 'event-chain-anchors', MIGRATION);

const fold = (digest: Buffer, row: LinkRow): Buffer =>
  createHash('sha256').update(digest).update(`${row.transaction_id}/${row.global_position}:${row.chain_hash ?? ''}`).digest();

const LINKS_AFTER = (visibleOnly: boolean) => `
  select transaction_id::text as transaction_id, global_position::text as global_position,
    encode(chain_hash, 'hex') as chain_hash
  from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    ${visibleOnly ? 'and transaction_id < pg_snapshot_xmin(pg_current_snapshot())' : ''}
  order by events.transaction_id, events.global_position -- the xid8 columns, not their text aliases
  limit $3`;

/** Folds the visible log after the last anchor (at most `maxEvents`) into a new anchor; null when nothing is new. */
export async function anchorChain(db: Database, maxEvents = 50_000): Promise<Anchor | null> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1::bigint) as ok', [ANCHOR_LOCK_KEY]);
    if (!locked[0]?.ok) return null;
    const last = (await tx.query<AnchorRow>(
      `select transaction_id::text as transaction_id, global_position::text as global_position, events::text as events, digest
       from event_chain_anchors order by anchor_id desc limit 1`)).rows[0];
    let digest: Buffer = last?.digest ?? Buffer.alloc(0);
    let events = Number(last?.events ?? 0);
    let after = { tx: last?.transaction_id ?? '0', pos: last?.global_position ?? '0' };
    let folded = 0;
    while (folded < maxEvents) {
      const { rows } = await tx.query<LinkRow>(LINKS_AFTER(true), [after.tx, after.pos, Math.min(FOLD_PAGE, maxEvents - folded)]);
      for (const row of rows) digest = fold(digest, row);
      folded += rows.length;
      events += rows.length;
      if (rows.length > 0) after = { tx: rows[rows.length - 1].transaction_id, pos: rows[rows.length - 1].global_position };
      if (rows.length < FOLD_PAGE) break;
    }
    if (folded === 0) return null;
    await tx.query('insert into event_chain_anchors (transaction_id, global_position, events, digest) values ($1::xid8, $2, $3, $4)',
      [after.tx, after.pos, events, digest]);
    return { position: `${after.tx}/${after.pos}`, events, digest: digest.toString('hex') };
  });
}

/** Refolds the stored links from the start and compares at every anchor; a broken range is judged alone. */
export async function verifyAnchors(q: Queryable): Promise<{ anchors: number; problems: ChainProblem[] }> {
  const { rows: anchors } = await q.query<AnchorRow>(
    `select transaction_id::text as transaction_id, global_position::text as global_position, events::text as events, digest
     from event_chain_anchors order by anchor_id`);
  const problems: ChainProblem[] = [];
  let digest: Buffer = Buffer.alloc(0);
  let count = 0;
  let after = { tx: '0', pos: '0' };
  let page: LinkRow[] = [];
  let next = 0;
  const peek = async (): Promise<LinkRow | null> => {
    if (next >= page.length) {
      page = (await q.query<LinkRow>(LINKS_AFTER(false), [after.tx, after.pos, FOLD_PAGE])).rows;
      next = 0;
    }
    return page[next] ?? null;
  };
  let previousAnchor = 'the start of the log';
  for (const anchor of anchors) {
    const bound = { tx: BigInt(anchor.transaction_id), pos: BigInt(anchor.global_position) };
    for (let row = await peek(); row && notAfter(row, bound); row = await peek()) {
      digest = fold(digest, row);
      count += 1;
      after = { tx: row.transaction_id, pos: row.global_position };
      next += 1;
    }
    const position = `${anchor.transaction_id}/${anchor.global_position}`;
    if (count !== Number(anchor.events) || !digest.equals(anchor.digest)) {
      problems.push({
        kind: 'anchor', streamId: '', revision: -1, position,
        detail: `the log from ${previousAnchor} to ${position} no longer matches its anchor: ${count} events fold to another digest `
          + `than the ${anchor.events} anchored (an event deleted, inserted, moved or relinked in that range)`,
      });
      digest = Buffer.from(anchor.digest);
      count = Number(anchor.events);
    }
    previousAnchor = position;
  }
  return { anchors: anchors.length, problems };
}

const notAfter = (row: LinkRow, bound: { tx: bigint; pos: bigint }): boolean => {
  const tx = BigInt(row.transaction_id);
  return tx < bound.tx || (tx === bound.tx && BigInt(row.global_position) <= bound.pos);
};
