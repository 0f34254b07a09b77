/**
 * PGlite is one backend session: the append statements are prepared there once (parse and plan cost more than the
 * append itself on WASM) and every pool opened on the same PGlite instance uses them, instead of preparing them again
 * (which the session would refuse) or parsing them on every append.
 */
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../services/db/database';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { events, uniqueStream } from './event-store.fixtures';

describe('append statements on one PGlite session', () => {
  let pglite: PGlite;
  const opened: Database[] = [];
  beforeAll(async () => { pglite = await PGlite.create(); });
  afterAll(async () => {
    for (const db of opened) await db.close();
    await pglite.close();
  });

  const prepared = async (db: Database) =>
    (await db.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  it('are prepared once in the session and reused by a second pool on the same instance', async () => {
    const first = await openDatabase({ kind: 'pglite', instance: pglite });
    opened.push(first);
    const store = await createPostgresEventStore(first);
    const stream = uniqueStream('prepared');
    await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
    await Promise.all([1, 2, 3].map(() => store.appendToStream(uniqueStream('prepared'), events(1))));
    expect(await prepared(first)).toEqual(['jishi_append_many_v3', 'jishi_append_v2']);

    const second = await openDatabase({ kind: 'pglite', instance: pglite });
    opened.push(second);
    const again = await createPostgresEventStore(second);
    const result = await again.appendToStream(stream, events(2), { expectedRevision: 0 });
    expect(result.events.map((e) => e.revision)).toEqual([1, 2]);
    await again.appendToStreams([{ streamId: uniqueStream('prepared'), events: events(1) }, { streamId: stream, events: events(1), expectedRevision: 2 }]);
    expect(await prepared(second)).toEqual(['jishi_append_many_v3', 'jishi_append_v2']);
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
  });

  it('probe the event id index, not the whole log, in the plan they keep (planned on a nearly empty table or a grown one)', async () => {
    const db = await openDatabase({ kind: 'pglite', instance: pglite });
    opened.push(db);
    const store = await createPostgresEventStore(db);
    await store.appendToStream(uniqueStream('plan'), events(1));
    const [event] = events(1);
    const payload = JSON.stringify([{ eventId: event.metadata.eventId, type: event.type, data: event.data, metadata: event.metadata }]);
    const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;
    // the plan a prepared statement keeps once it stops planning per execution: planned against the table as it is now
    const genericPlan = async () => {
      await db.query('set plan_cache_mode = force_generic_plan');
      try {
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain execute jishi_append_v2(${literal(uniqueStream('plan'))}, ${literal(payload)}, 'any', null)`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await db.query('reset plan_cache_mode');
      }
    };
    expect(await genericPlan()).not.toMatch(/Seq Scan on events/);

    for (let i = 0; i < 30; i += 1) await store.appendToStream(uniqueStream('plan'), events(100));
    await db.query('analyze events');
    expect(await genericPlan()).not.toMatch(/Seq Scan on events/);
  });
});
