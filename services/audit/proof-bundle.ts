/**
 * `npm run ops -- audit export order <id> | shop <id> [--from T] [--to T] --out <file>` (issue 31 §3): a self-contained
 * proof bundle an auditor checks on another machine with services/audit/verify-bundle.mjs (plain Node, no
 * dependencies), without trusting the operator:
 * - every stream of the selected orders as stored, from revision 0 — each event's id, type, and its data and metadata
 *   in the very text PostgreSQL stores (`jsonb::text`, what the chain link hashes), its position and its stored link;
 *   an order's streams are those `ops audit order` replays (its checkout, payments, collage, after-sales), and every
 *   order a payment of the selection paid, so "paid = Σ orders" can be proven;
 * - every signed anchor whose ledger names one of those streams (each anchor is signed over its ledger text with the
 *   server's Ed25519 key: the auditor checks it with their own copy of the public key), and the last anchor, which
 *   says how far the signed log reached when the bundle was made;
 * - the lifecycle machines as transition tables with their versions (domain/audit/machine-table.ts).
 * Events live in PostgreSQL for this (anchors exist only there); with EventStoreDB the export refuses.
 */
import { afterSaleLifecycle } from '../../domain/after-sale/after-sale.lifecycle';
import { builtInLifecycles } from '../../domain/audit/timeline';
import { createHash } from 'node:crypto';
import { machineTable, type MachineTable } from '../../domain/audit/machine-table';

/** A machine's table with its version: sha256 of the table, so a bundle names exactly what it was checked against. */
export type VersionedMachineTable = MachineTable & { version: string };
import type { Queryable } from '../db/database';
import type { EventStore } from '../event-store/event-store.port';
import type { AnchorPublicKey } from './anchor-signing-key';
import { relatedStreams } from './order-audit';

export const BUNDLE_FORMAT = 'jishi-audit-bundle/1';

export type BundleSelection =
  | { kind: 'order'; orderId: number }
  | { kind: 'shop'; shopId: number; from: string | null; to: string | null };

export interface BundleEvent {
  revision: number;
  /** `commit/prepare` in the log */
  position: string;
  eventId: string;
  type: string;
  /** the stored jsonb texts the chain link covers */
  data: string;
  metadata: string;
  recordedAt: string;
  /** the link stored at append time: sha256(previous link ‖ content), hex */
  link: string | null;
}

export interface BundleStream { streamId: string; events: BundleEvent[] }

export interface BundleAnchor { seq: number; ledger: string; signature: string }

export interface ProofBundle {
  format: typeof BUNDLE_FORMAT;
  exportedAt: string;
  selection: BundleSelection;
  orderIds: number[];
  /** how a link is computed, for a reader of the bundle */
  chain: string;
  streams: BundleStream[];
  anchors: BundleAnchor[];
  /** the last anchor at export time (null: none yet): events after its `through` are not under any signature */
  lastAnchor: BundleAnchor | null;
  /** the key the server says it signs with: an auditor checks with their own copy (`ops audit key`, published) */
  key: { keyId: string; publicKeyPem: string } | null;
  machines: VersionedMachineTable[];
}

export interface BundleDeps { store: EventStore; eventsDb: Queryable | null; db: Queryable; anchorKey: AnchorPublicKey | null }

const CHAIN_RULE = 'link(rev 0) = sha256(utf8(content)); link(rev n) = sha256(link(rev n-1) bytes ‖ utf8(content)); '
  + 'content = streamId \\n revision \\n eventId \\n type \\n data \\n metadata';

/** The lifecycle machines a bundle is checked against. */
export function bundleMachines(): VersionedMachineTable[] {
  return [...builtInLifecycles, afterSaleLifecycle].flatMap((lifecycle) => {
    if (!lifecycle.definition) return [];
    const table = machineTable(lifecycle.name, lifecycle.definition.machine, lifecycle.definition.types);
    return [{ ...table, version: createHash('sha256').update(JSON.stringify(table)).digest('hex') }];
  });
}

interface StoredRow {
  stream_id: string; stream_revision: string; event_id: string; type: string; data: string; metadata: string;
  recorded_at: Date | string; link: string | null; position: string;
}

interface AnchorRow { seq: string; ledger: string; signature: string }

/** What an export of nothing says: an order never placed, a shop without orders in the range. */
export class NothingToExport extends Error {}

export async function exportProofBundle(deps: BundleDeps, selection: BundleSelection, now: Date): Promise<ProofBundle> {
  if (!deps.eventsDb) throw new Error('audit export needs the events in PostgreSQL: EventStoreDB keeps no signed anchors');
  const orderIds = selection.kind === 'order' ? [selection.orderId] : await ordersOfShop(deps.eventsDb, selection);
  const streamIds = await streamsOf(deps, orderIds);
  if (streamIds.length === 0) {
    throw new NothingToExport(selection.kind === 'order' ? `order ${selection.orderId} was never placed` : `shop ${selection.shopId} has no order in that range`);
  }
  const { rows } = await deps.eventsDb.query<StoredRow>(
    `select stream_id, stream_revision::text as stream_revision, event_id::text as event_id, type, data::text as data,
       metadata::text as metadata, recorded_at, encode(chain_hash, 'hex') as link,
       transaction_id::text || '/' || global_position::text as position
     from events where stream_id = any($1::text[]) order by stream_id, stream_revision`, [streamIds]);
  const streams = new Map<string, BundleEvent[]>(streamIds.map((id) => [id, []]));
  for (const row of rows) {
    streams.get(row.stream_id)?.push({
      revision: Number(row.stream_revision), position: row.position, eventId: row.event_id, type: row.type,
      data: row.data, metadata: row.metadata, recordedAt: new Date(row.recorded_at).toISOString(), link: row.link,
    });
  }
  const anchors = await anchorsNaming(deps.eventsDb, streamIds);
  const last = (await deps.eventsDb.query<AnchorRow>(
    `select seq::text as seq, ledger, encode(signature, 'base64') as signature from event_chain_anchors order by seq desc limit 1`)).rows[0];
  return {
    format: BUNDLE_FORMAT,
    exportedAt: now.toISOString(),
    selection,
    orderIds: [...orderIds].sort((a, b) => a - b),
    chain: CHAIN_RULE,
    streams: [...streams].filter(([, events]) => events.length > 0).map(([streamId, events]) => ({ streamId, events })),
    anchors,
    lastAnchor: last ? anchorOf(last) : null,
    key: deps.anchorKey ? { keyId: deps.anchorKey.keyId, publicKeyPem: deps.anchorKey.publicKeyPem } : null,
    machines: bundleMachines(),
  };
}

const anchorOf = (row: AnchorRow): BundleAnchor => ({ seq: Number(row.seq), ledger: row.ledger, signature: row.signature });

/** Anchors whose signed ledger lists one of the streams (a ledger holds `["<streamId>",[[revision, …`). */
async function anchorsNaming(db: Queryable, streamIds: readonly string[]): Promise<BundleAnchor[]> {
  const needles = streamIds.map((id) => `${JSON.stringify([id, []]).slice(0, -2)}[`);
  const { rows } = await db.query<AnchorRow>(
    `select seq::text as seq, ledger, encode(signature, 'base64') as signature from event_chain_anchors a
     where exists (select 1 from unnest($1::text[]) as n(needle) where strpos(a.ledger, n.needle) > 0)
     order by seq`, [needles]);
  return rows.map(anchorOf);
}

/** The orders' own streams, and every order a payment among them paid (so the payment's total can be proven). */
async function streamsOf(deps: BundleDeps, orderIds: readonly number[]): Promise<string[]> {
  const streams = new Set<string>();
  const seen = new Set<number>();
  const queue = [...orderIds];
  while (queue.length > 0) {
    const orderId = queue.shift() as number;
    if (seen.has(orderId)) continue;
    seen.add(orderId);
    const orderEvents = await deps.store.readStream(`order-${orderId}`);
    if (!orderEvents.some((e) => e.type === 'OrderPlaced')) continue;
    for (const stream of await relatedStreams(deps, orderId, orderEvents)) {
      streams.add(stream);
      if (!stream.startsWith('payment-')) continue;
      const created = (await deps.store.readStream(stream)).find((e) => e.type === 'PaymentCreated');
      for (const other of (created?.data as { orderIds?: number[] } | undefined)?.orderIds ?? []) queue.push(other);
    }
  }
  return [...streams].sort();
}

async function ordersOfShop(db: Queryable, selection: Extract<BundleSelection, { kind: 'shop' }>): Promise<number[]> {
  const { rows } = await db.query<{ order_id: string }>(
    `select (data->>'orderId') as order_id from events
     where type = 'OrderPlaced' and (data->>'shopId') = $1
       and ($2::timestamptz is null or recorded_at >= $2::timestamptz)
       and ($3::timestamptz is null or recorded_at < $3::timestamptz)
     order by global_position`, [String(selection.shopId), selection.from, selection.to]);
  return rows.map((r) => Number(r.order_id));
}
