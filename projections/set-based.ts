/**
 * Helpers for projections that apply a batch set-based (`Projection.applyBatch`): cut the batch into runs of
 * consecutive events of one kind (a run becomes one statement; runs keep log order, so an event of another kind
 * between two runs still sees the first applied and not the second), and reduce a run to one item per key.
 */
/** Consecutive events of one kind (by default, one type), in log order. */
export function runsOf<T extends { type: string }>(events: readonly T[], kindOf: (event: T) => string = (event) => event.type): T[][] {
  const runs: T[][] = [];
  let lastKind: string | null = null;
  for (const event of events) {
    const kind = kindOf(event);
    const last = runs.at(-1);
    if (last && kind === lastKind) last.push(event);
    else runs.push([event]);
    lastKind = kind;
  }
  return runs;
}

/**
 * Runs of one kind each, far fewer than `runsOf` cuts from an interleaved batch: an event joins the earliest run of
 * its kind that comes after every run holding an earlier event with one of its keys, so events sharing a key keep
 * their log order while events with disjoint keys move past each other into runs of their own kind. An event whose
 * keys are not known (`keysOf` answers null) is a barrier: it keeps its place against every other event.
 * Use only where events with disjoint keys commute (they write different rows, or add to the same counters).
 */
export function keyedRunsOf<T>(
  events: readonly T[], kindOf: (event: T) => string, keysOf: (event: T) => readonly string[] | null,
): T[][] {
  const runs: Array<{ kind: string; events: T[] }> = [];
  const lastRunOf = new Map<string, number>();
  let floor = 0;
  const runAtOrAfter = (from: number, kind: string): number => {
    for (let i = from; i < runs.length; i += 1) if (runs[i].kind === kind) return i;
    runs.push({ kind, events: [] });
    return runs.length - 1;
  };
  for (const event of events) {
    const kind = kindOf(event);
    const keys = keysOf(event);
    if (keys === null) {
      const index = runAtOrAfter(Math.max(floor, runs.length - 1), kind);
      runs[index].events.push(event);
      floor = index;
      continue;
    }
    let from = floor;
    for (const key of keys) from = Math.max(from, lastRunOf.get(key) ?? 0);
    const index = runAtOrAfter(from, kind);
    runs[index].events.push(event);
    for (const key of keys) lastRunOf.set(key, index);
  }
  return runs.map((run) => run.events);
}

/** The last item of each key, in the order keys were first seen: later items of a key replace earlier ones. */
export const lastByKey = <T, K>(items: readonly T[], keyOf: (item: T) => K): T[] =>
  [...new Map(items.map((item) => [keyOf(item), item] as const)).values()];

/** The first item of each key: later items of a key are dropped (what `on conflict do nothing` keeps). */
export function firstByKey<T, K>(items: readonly T[], keyOf: (item: T) => K): T[] {
  const first = new Map<K, T>();
  for (const item of items) if (!first.has(keyOf(item))) first.set(keyOf(item), item);
  return [...first.values()];
}

/** Column names with their SQL types, in the order a statement's rows carry their values (jsonRows). */
export type Columns = ReadonlyArray<readonly [name: string, type: string]>;

/** The column list of an insert taking jsonRows: `a, b, c`. */
export const columnNames = (columns: Columns): string => columns.map(([name]) => name).join(', ');

/**
 * Rows for a set-based statement as one JSON array of arrays, each row's values in `columns` order, read back by
 * `jsonb_array_elements($n::jsonb) as r` and `jsonRowValues(columns)`. As objects (for jsonb_to_recordset) every row
 * repeats the column names, and the server parses them all: a fifth of the orders rebuild's upsert payload.
 */
export const jsonRows = <T extends object>(rows: readonly T[], columns: Columns): string =>
  JSON.stringify(rows.map((row) => columns.map(([name]) => (row as Record<string, unknown>)[name])));

/**
 * About the most JSON text (characters) one set-based statement takes: a longer list of rows is written in several
 * statements. A fill's batch can carry tens of MB of rows (an order's row with its snapshot, a product's with its HTML
 * and grams, are ~3 kB), and PostgreSQL takes a jsonb parameter that large several times longer per row than one of
 * a few MB. Measured at 100k products (hand-rolled fills, one batch per statement against this limit, alternated):
 * the orders upsert 8.7 s against 5.2-5.6 s (batches of 20,000 events), the catalogue's listings 19.4-20.2 s against
 * 11.8-12.4 s (batches of 5,000). Orders made no difference between 250 and 4,000 rows (0.7-11 MB) a statement and
 * slowed at 8,000; the catalogue's listings slowed from about 3 MB up and, below 1 MB, from their per-statement joins.
 */
export const STATEMENT_JSON_CHARS = 2_000_000;

/** Items whose JSON is measured to size the chunks (evenly spread over the batch). */
const SIZE_SAMPLE = 32;

/**
 * `items` in order, cut into chunks of one size whose JSON (`toJson`, an array of them) is about `maxChars` each: the
 * size is that of an evenly spread sample of the items, so a chunk of larger-than-average items may pass it (one item
 * larger than `maxChars` goes alone). Each chunk carries its items and its JSON. JSON.stringify of each item joined
 * into a chunk cost twice a whole chunk's JSON.stringify (and 3 s of a 100k-product catalogue fill), hence the sample.
 */
export function jsonChunks<T>(
  items: readonly T[], toJson: (items: readonly T[]) => string, maxChars = STATEMENT_JSON_CHARS,
): Array<{ items: T[]; json: string }> {
  if (items.length === 0) return [];
  const step = Math.max(1, Math.floor(items.length / SIZE_SAMPLE));
  let chars = 0;
  let sampled = 0;
  for (let i = 0; i < items.length; i += step) {
    chars += toJson([items[i]]).length - 1; // "[item]": the item and its separating comma
    sampled += 1;
  }
  const perChunk = Math.max(1, Math.floor((maxChars - 1) / (chars / sampled)));
  const chunks: Array<{ items: T[]; json: string }> = [];
  for (let start = 0; start < items.length; start += perChunk) {
    const chunk = items.slice(start, start + perChunk);
    chunks.push({ items: chunk, json: toJson(chunk) });
  }
  return chunks;
}

/** jsonRows cut into statements of at most about `maxChars` each (jsonChunks), rows in order. */
export const jsonRowChunks = <T extends object>(rows: readonly T[], columns: Columns, maxChars = STATEMENT_JSON_CHARS): string[] =>
  jsonChunks(rows, (chunk) => jsonRows(chunk, columns), maxChars).map((chunk) => chunk.json);

/**
 * The select list over `r`, a row of jsonRows: each value at its column's place cast to its type and named as its
 * column; a jsonb column as it is (never null: JSON null would stay jsonb 'null').
 */
export const jsonRowValues = (columns: Columns, r = 'r'): string => columns.map(([name, type], i) =>
  (type === 'jsonb' ? `${r}->${i} as ${name}` : `(${r}->>${i})::${type} as ${name}`)).join(', ');
