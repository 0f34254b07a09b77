/**
 * Signed anchors of the hash chain, outside the events table (DESIGN.md §5). Now and then (services/audit/
 * chain-anchorer.ts: every few hundred events or seconds) the visible log after the previous anchor is folded, in
 * commit-safe order, into a running digest — sha256(previous digest || "commit/prepare:link") — and written as an
 * anchor whose **ledger** (JSON text) names everything it covers: its sequence number, the position it follows and the
 * one it runs through, the running digest and count, when, the signing key's id, and for every stream touched in its
 * range each event's revision, position and the first 16 hex digits of its link. The ledger is signed with Ed25519 by
 * a key the database does not hold (services/audit/anchor-signing-key.ts); the anchorer also logs each anchor with
 * its signature, a witness outside the database. The serving process also names, in the signed ledger, the events of
 * the range it did not append itself (`unwitnessed`, services/audit/append-witness.ts).
 *
 * What verification (verify-anchors.ts) can then say, to someone holding only the public key:
 * - an anchor written, edited or refolded without the private key fails its signature and is named (seq, position);
 * - an anchor removed from the middle leaves a gap in the sequence numbers; the last ones removed turn their range
 *   back into the unanchored tail: reported as such, then anchored again with every event in it listed as not
 *   appended by the anchoring server (it forgets what an anchor covered), and the log lines still show the removed
 *   anchors with their digests;
 * - in a range whose signed anchor verifies, every break names its event: a row whose link differs from the anchored
 *   one (edited, even with its stream's chain relinked after it), a row the anchor does not hold (inserted, or moved
 *   in from another range), a row at another position than anchored (moved), an anchored event that is gone (deleted,
 *   even a stream's last event, which the stream's own chain cannot see: named by stream and revision).
 * What it cannot say: whether an event appended after the last anchor is genuine. Until the next anchor such an event
 * is covered only by the chain (a forger who writes the database can append a correctly linked one), and the next
 * anchor signs whatever the log then holds. The anchorer bounds that window (N events or T seconds while the log
 * grows, and once more when the serving process stops), and verification reports the unanchored tail with each
 * event's position. The next anchor then lists the forgery among the events its process did not append (a single
 * server appends everything else itself; in a cluster the other instances' events are listed too, so there that list
 * narrows the search rather than convicting). Hence: an event forged into an anchored range is named as a break;
 * one forged after the last anchor is listed in the tail, and later among the unwitnessed events of its anchor.
 */
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import { migrate } from '../../db/migrate';

const MIGRATION = [
  // the first, unsigned anchors (a digest anyone could refold): kept aside, no longer trusted or written
  `create table event_chain_anchors (
     anchor_id bigint generated always as identity primary key,
     transaction_id xid8 not null,
     global_position bigint not null,
     events bigint not null,
     digest bytea not null,
     anchored_at timestamptz not null default now()
   )`,
  'alter table event_chain_anchors rename to event_chain_anchors_unsigned',
  // the ledger is the signed truth; the other columns only find the last anchor quickly
  `create table event_chain_anchors (
     seq bigint primary key,
     transaction_id xid8 not null,
     global_position bigint not null,
     ledger text not null,
     signature bytea not null,
     anchored_at timestamptz not null default now()
   )`,
];

/** Anchorers of several processes on one database take turns (transaction-scoped). */
const ANCHOR_LOCK_KEY = 7_351_248_010;
export const FOLD_PAGE = 5000;
/** Hex digits of each event's link kept in a ledger: enough to tell which event changed (the digest is the full hash). */
const LINK_PREFIX = 16;

export interface AnchorSigner { keyId: string; sign(text: string): Buffer }
export interface AnchorVerifier { keyId: string; verify(text: string, signature: Buffer): boolean }

/** An anchored event: [revision, "commit/prepare", first hex digits of its link]. */
export type LedgerEvent = [number, string, string];

export interface AnchorLedger {
  v: 2;
  seq: number;
  /** the position the previous anchor ran through (null: the start of the log) */
  after: string | null;
  through: string;
  /** events folded from the start of the log through this anchor */
  events: number;
  /** events in this anchor's range */
  count: number;
  digest: string;
  anchoredAt: string;
  keyId: string;
  streams: Array<[string, LedgerEvent[]]>;
  /** positions of the events in range the anchoring process did not append itself (absent: it kept no witness) */
  unwitnessed?: string[];
}

/** The anchoring process's own appends (services/audit/append-witness.ts). */
export interface AnchorWitness { vouches(position: string, linkPrefix: string): boolean }

export interface SignedAnchor {
  seq: number; position: string; events: number; count: number; digest: string; keyId: string; signature: string;
  /** events in range the anchoring process did not append (null: no witness kept) */
  unwitnessed: number | null;
}

export interface LinkRow {
  transaction_id: string; global_position: string; chain_hash: string | null;
  stream_id: string; stream_revision: string; recorded_at: Date | string; type: string;
}

export const migrateChainAnchors = (db: Database) => migrate(db, 'event-chain-anchors', MIGRATION);

export const fold = (digest: Buffer, row: LinkRow): Buffer =>
  createHash('sha256').update(digest).update(`${row.transaction_id}/${row.global_position}:${row.chain_hash ?? ''}`).digest();

export const linkPrefix = (row: LinkRow): string => (row.chain_hash ?? '').slice(0, LINK_PREFIX);
export const positionOf = (row: LinkRow): string => `${row.transaction_id}/${row.global_position}`;

export const LINKS_AFTER = (visibleOnly: boolean) => `
  select transaction_id::text as transaction_id, global_position::text as global_position,
    encode(chain_hash, 'hex') as chain_hash, stream_id, stream_revision::text as stream_revision, recorded_at, type
  from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    ${visibleOnly ? 'and transaction_id < pg_snapshot_xmin(pg_current_snapshot())' : ''}
  order by events.transaction_id, events.global_position -- the xid8 columns, not their text aliases
  limit $3`;

export const splitPosition = (position: string): { tx: string; pos: string } => {
  const [tx, pos] = position.split('/');
  return { tx, pos };
};

interface LastAnchorRow { seq: string; ledger: string }

export function parseLedger(text: string): AnchorLedger | null {
  try {
    const ledger = JSON.parse(text) as AnchorLedger;
    return ledger && ledger.v === 2 && typeof ledger.through === 'string' && Array.isArray(ledger.streams) ? ledger : null;
  } catch {
    return null;
  }
}

/**
 * Folds the visible log after the last anchor (at most `maxEvents`) into a new anchor signed by `signer`; null when
 * nothing is new (or another process is anchoring right now).
 */
export async function anchorChain(
  db: Database, signer: AnchorSigner, options: { maxEvents?: number; now?: Date; witness?: AnchorWitness } = {},
): Promise<SignedAnchor | null> {
  const { maxEvents = 50_000, now = new Date(), witness } = options;
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1::bigint) as ok', [ANCHOR_LOCK_KEY]);
    if (!locked[0]?.ok) return null;
    const last = (await tx.query<LastAnchorRow>('select seq::text as seq, ledger from event_chain_anchors order by event_chain_anchors.seq desc limit 1')).rows[0];
    const previous = last ? parseLedger(last.ledger) : null;
    let digest: Buffer = previous ? Buffer.from(previous.digest, 'hex') : Buffer.alloc(0);
    let after = splitPosition(previous?.through ?? '0/0');
    const streams = new Map<string, LedgerEvent[]>();
    const unwitnessed: string[] = [];
    let folded = 0;
    while (folded < maxEvents) {
      const { rows } = await tx.query<LinkRow>(LINKS_AFTER(true), [after.tx, after.pos, Math.min(FOLD_PAGE, maxEvents - folded)]);
      for (const row of rows) {
        digest = fold(digest, row);
        const stream = streams.get(row.stream_id) ?? [];
        if (stream.length === 0) streams.set(row.stream_id, stream);
        stream.push([Number(row.stream_revision), positionOf(row), linkPrefix(row)]);
        if (witness && !witness.vouches(positionOf(row), linkPrefix(row))) unwitnessed.push(positionOf(row));
      }
      folded += rows.length;
      if (rows.length > 0) after = { tx: rows[rows.length - 1].transaction_id, pos: rows[rows.length - 1].global_position };
      if (rows.length < FOLD_PAGE) break;
    }
    if (folded === 0) return null;
    const seq = Number(last?.seq ?? 0) + 1;
    const ledger: AnchorLedger = {
      v: 2, seq, after: previous?.through ?? null, through: `${after.tx}/${after.pos}`, events: (previous?.events ?? 0) + folded,
      count: folded, digest: digest.toString('hex'), anchoredAt: now.toISOString(), keyId: signer.keyId, streams: [...streams],
      ...(witness ? { unwitnessed } : {}),
    };
    const text = JSON.stringify(ledger);
    const signature = signer.sign(text);
    await tx.query(
      `insert into event_chain_anchors (seq, transaction_id, global_position, ledger, signature, anchored_at)
       values ($1, $2::xid8, $3, $4, $5, $6)`, [seq, after.tx, after.pos, text, signature, ledger.anchoredAt]);
    return {
      seq, position: ledger.through, events: ledger.events, count: folded, digest: ledger.digest, keyId: signer.keyId,
      signature: signature.toString('base64'), unwitnessed: witness ? unwitnessed.length : null,
    };
  });
}

/** The position the last anchor runs through (null: no anchor yet). */
export async function lastAnchorPosition(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ position: string }>(
    `select transaction_id::text || '/' || global_position::text as position from event_chain_anchors order by seq desc limit 1`);
  return rows[0]?.position ?? null;
}

/** How many visible events follow the last anchor, counted up to `limit` (the anchorer's "N events" trigger). */
export async function unanchoredCount(q: Queryable, limit: number): Promise<number> {
  const last = await lastAnchorPosition(q);
  const bound = last ? splitPosition(last) : null;
  const { rows } = await q.query<{ n: string }>(
    `select count(*)::text as n from (
       select 1 from events
       where (transaction_id, global_position) > ($1::xid8, $2::bigint) and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       limit $3) t`, [bound?.tx ?? '0', bound?.pos ?? '0', limit]);
  return Number(rows[0]?.n ?? 0);
}
