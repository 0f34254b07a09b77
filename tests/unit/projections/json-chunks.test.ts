/**
 * jsonChunks / jsonRowChunks (projections/set-based.ts): a set-based write's rows cut into statements of at most
 * about STATEMENT_JSON_CHARS of JSON, every row once and in order.
 */
import { jsonChunks, jsonRowChunks, jsonRows, STATEMENT_JSON_CHARS, type Columns } from '../../../projections/set-based';

const items = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `商品${i}`.repeat((i % 7) + 1) }));

describe('jsonChunks', () => {
  it('keeps every item once, in order, and each chunk within the limit', () => {
    const chunks = jsonChunks(items, JSON.stringify, 200);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.flatMap((chunk) => chunk.items)).toEqual(items);
    for (const chunk of chunks) {
      expect(chunk.json.length).toBeLessThanOrEqual(200);
      expect(JSON.parse(chunk.json)).toEqual(chunk.items);
    }
  });

  it('fills each chunk: the next item would not have fitted', () => {
    const chunks = jsonChunks(items, JSON.stringify, 200);
    for (let i = 0; i + 1 < chunks.length; i += 1) {
      expect(chunks[i].json.length + 1 + JSON.stringify(chunks[i + 1].items[0]).length).toBeGreaterThan(200);
    }
  });

  it('gives an item longer than the limit a chunk of its own', () => {
    const long = { id: 99, name: 'x'.repeat(500) };
    const chunks = jsonChunks([items[0], long, items[1]], JSON.stringify, 200);
    expect(chunks.map((chunk) => chunk.items)).toEqual([[items[0]], [long], [items[1]]]);
  });

  it('is one chunk under the limit and none for no items', () => {
    expect(jsonChunks(items, JSON.stringify)).toEqual([{ items, json: JSON.stringify(items) }]);
    expect(jsonChunks([], JSON.stringify)).toEqual([]);
    expect(STATEMENT_JSON_CHARS).toBeGreaterThan(JSON.stringify(items).length);
  });
});

describe('jsonRowChunks', () => {
  const columns: Columns = [['name', 'text'], ['id', 'bigint']];
  it('is jsonRows cut into chunks: together they hold the same rows', () => {
    const chunks = jsonRowChunks(items, columns, 150);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.flatMap((chunk) => JSON.parse(chunk) as unknown[])).toEqual(JSON.parse(jsonRows(items, columns)));
    expect(jsonRowChunks(items, columns)).toEqual([jsonRows(items, columns)]);
  });
});
