/**
 * The after-sales read model (tables: after-sales.schema.ts). After-sale events are folded through the after-sale
 * machine onto the events kept in each row; a batch loads the rows it touches with one query and writes them back
 * with one upsert, so a rebuild costs a few statements per thousand events.
 */
import type pg from 'pg';
import { afterSaleEventTypes } from '../../domain/after-sale/after-sale.events';
import { streamCategory, type RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { afterSaleRowOf, type AfterSaleRow, type KeptEvent } from './after-sale-row';
import { AFTER_SALES_TABLES, migrateAfterSales } from './after-sales.schema';

const afterIdOf = (streamId: string): number => Number(streamId.slice(streamId.lastIndexOf('-') + 1));

const COLUMNS: ReadonlyArray<[keyof AfterSaleRow, string]> = [
  ['after_id', 'bigint'], ['after_formid', 'text'], ['user_id', 'bigint'], ['order_id', 'bigint'], ['order_formid', 'text'],
  ['shop_id', 'bigint'], ['after_type', 'smallint'], ['goods_state', 'smallint'], ['after_state', 'smallint'], ['tab', 'smallint'],
  ['price_fen', 'bigint'], ['return_reason', 'text'], ['explain', 'text'], ['images', 'jsonb'], ['lines', 'jsonb'],
  ['reason', 'text'], ['return_address', 'jsonb'], ['return_express', 'bigint'], ['return_deliver_formid', 'text'],
  ['auto_close_at', 'timestamptz'], ['history', 'jsonb'], ['events', 'jsonb'], ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const NAMES = COLUMNS.map(([name]) => name).join(', ');
const UPSERT = (s: string) => `
  insert into ${s}.after_sales (${NAMES})
  select ${NAMES} from jsonb_to_recordset($1::jsonb) as x(${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})
  on conflict (after_id) do update set
    ${COLUMNS.filter(([n]) => n !== 'after_id').map(([n]) => `${n} = excluded.${n}`).join(', ')}`;

async function applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<void> {
  const mine = events.filter((e) => streamCategory(e.streamId) === 'after-sale');
  if (mine.length === 0) return;
  const ids = [...new Set(mine.map((e) => afterIdOf(e.streamId)))];
  const { rows } = await tx.query<{ after_id: string; events: KeptEvent[] }>(
    `select after_id, events from ${s}.after_sales where after_id = any($1::bigint[])`, [ids]);
  const kept = new Map<number, KeptEvent[]>(rows.map((r) => [Number(r.after_id), r.events]));
  for (const e of mine) {
    const id = afterIdOf(e.streamId);
    kept.set(id, [...(kept.get(id) ?? []), { type: e.type, data: e.data, at: e.metadata.occurredAt, actor: e.metadata.actor.kind }]);
  }
  const written = ids.map((id) => afterSaleRowOf(kept.get(id) ?? [])).filter((row): row is AfterSaleRow => row !== null);
  if (written.length > 0) await tx.query(UPSERT(s), [JSON.stringify(written)]);
}

export const afterSalesProjection: Projection = {
  name: 'after_sales',
  version: 1,
  handles: afterSaleEventTypes,
  tables: AFTER_SALES_TABLES,
  migrate: migrateAfterSales,
  apply: (tx, event, s) => applyBatch(tx, [event], s),
  applyBatch,
};
