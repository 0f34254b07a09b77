/**
 * jsonChunks / jsonRowChunks (projections/set-based.ts): a set-based write's rows cut into statements of about
 * STATEMENT_JSON_CHARS of JSON, every row once and in order, the chunk size from a sample of the rows' JSON.
 */
import { jsonChunks, jsonRowChunks, jsonRows, STATEMENT_JSON_CHARS, type Columns } from '../../../projections/set-based';

/** 100 items of 40 characters of JSON each (two-digit ids), then 10 of 39. */
const even = Array.from({ length: 110 }, (_, i) => ({ id: i < 10 ? 100 + i : i, name: '商品名称'.repeat(5) }));
const toJson = (items: readonly unknown[]) => JSON.stringify(items);

describe('jsonChunks', () => {
  it('keeps every item once and in order, each chunk its items\' JSON', () => {
    const chunks = jsonChunks(even, toJson, 400);
    expect(chunks.flatMap((chunk) => chunk.items)).toEqual(even);
    for (const chunk of chunks) expect(JSON.parse(chunk.json)).toEqual(chunk.items);
  });

  it('sizes chunks to the limit from the items\' JSON', () => {
    const item = JSON.stringify(even[20]).length + 1;
    const chunks = jsonChunks(even, toJson, 400);
    const perChunk = Math.floor(399 / item);
    expect(chunks.map((chunk) => chunk.items.length)).toEqual([...Array(Math.floor(110 / perChunk)).fill(perChunk), 110 % perChunk].filter(Boolean));
    for (const chunk of chunks) expect(chunk.json.length).toBeLessThanOrEqual(400);
  });

  it('gives items larger than the limit a chunk each', () => {
    const long = Array.from({ length: 3 }, (_, i) => ({ id: i, name: 'x'.repeat(500) }));
    expect(jsonChunks(long, toJson, 200).map((chunk) => chunk.items)).toEqual([[long[0]], [long[1]], [long[2]]]);
  });

  it('is one chunk under the limit and none for no items', () => {
    expect(jsonChunks(even, toJson)).toEqual([{ items: even, json: toJson(even) }]);
    expect(jsonChunks([], toJson)).toEqual([]);
    expect(STATEMENT_JSON_CHARS).toBeGreaterThan(toJson(even).length);
  });
});

describe('jsonRowChunks', () => {
  const columns: Columns = [['name', 'text'], ['id', 'bigint']];
  it('is jsonRows cut into chunks: together they hold the same rows', () => {
    const chunks = jsonRowChunks(even, columns, 300);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.flatMap((chunk) => JSON.parse(chunk) as unknown[])).toEqual(JSON.parse(jsonRows(even, columns)));
    expect(jsonRowChunks(even, columns)).toEqual([jsonRows(even, columns)]);
  });
});
