/**
 * A projection's catch-up lag (projections/runner/status.ts) is the work it has left: the events of its types after
 * its stored checkpoint. Its runner stores the checkpoint of batches with nothing for it only now and then, so other
 * events after the checkpoint are not lag; anything that is not a projection (the forwarder) counts every event.
 * PGlite.
 */
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import type { EventStore, LogPosition } from '../../services/event-store/event-store.port';
import { catchUpLags, handledTypes } from '../../projections/runner/status';
import { sharedPGlite } from '../support/backends';
import { anEvent, uniqueStream } from './event-store.fixtures';

let store: EventStore;
let before: LogPosition | null;

beforeAll(async () => {
  const db = await sharedPGlite();
  store = await createPostgresEventStore(db);
  before = await store.headPosition();
  const stream = uniqueStream('lag');
  await store.appendToStream(stream, [anEvent('Counted'), anEvent('Ignored'), anEvent('Ignored'), anEvent('Counted'), anEvent('Ignored')]);
});

describe('catch-up lag', () => {
  it('counts only the types a projection handles after its checkpoint, and every event for anything else', async () => {
    const checkpoints = [
      { name: 'counter', generation: 1, position: before },
      { name: 'forwarder', generation: 0, position: before },
    ];
    const lags = await catchUpLags(store, checkpoints, handledTypes([{ name: 'counter', handles: ['Counted'] }]));
    expect(lags.get('counter')).toBe(2);
    expect(lags.get('forwarder')).toBe(5);
  });

  it('is nothing for a projection whose checkpoint only missed events it does not handle', async () => {
    const head = await store.headPosition();
    const lags = await catchUpLags(store, [{ name: 'idle', generation: 1, position: before }], handledTypes([{ name: 'idle', handles: ['Elsewhere'] }]));
    expect(lags.get('idle')).toBe(0);
    expect(head).not.toEqual(before);
  });
});
