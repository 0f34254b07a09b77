/**
 * What the anchoring process saw itself append. A signed anchor covers whatever the log holds when it is taken, so an
 * event written straight into the events table (correctly linked) before the next anchor would be signed like any
 * other. The serving process knows better: every append it made came back with its position and link. The anchorer
 * asks this witness about each event it folds, and the anchor names, signed, the events this process did not append
 * (`unwitnessed`): another instance's (a cluster), an ops tool's, those of a previous run that stopped before
 * anchoring them — or a forged one. Verification lists them by position.
 */
import { comparePositions, formatPosition, parsePosition, type AppendResult, type EventStore } from '../event-store/event-store.port';

/** The most appends remembered while no anchor takes them (another instance holds the anchor lock): the oldest go. */
const REMEMBERED = 100_000;

export class AppendWitness {
  private readonly appended = new Map<string, string>();

  record(results: readonly AppendResult[]): void {
    for (const result of results) {
      for (const event of result.events) {
        this.appended.set(formatPosition(event.position), (event.chainHash ?? '').slice(0, 16));
      }
    }
    for (const oldest of this.appended.keys()) {
      if (this.appended.size <= REMEMBERED) break;
      this.appended.delete(oldest);
    }
  }

  /** Whether this process appended the event at `position` with this link. */
  vouches(position: string, linkPrefix: string): boolean {
    return this.appended.get(position) === linkPrefix;
  }

  /** Forgets what an anchor (this process's or another's) now covers: everything through `position`. */
  forgetThrough(position: string): void {
    const through = parsePosition(position);
    for (const appended of [...this.appended.keys()]) {
      if (comparePositions(parsePosition(appended), through) <= 0) this.appended.delete(appended);
    }
  }
}

/** The store whose appends the witness records. */
export function witnessingEventStore(store: EventStore, witness: AppendWitness): EventStore {
  return {
    ...store,
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(streamId, events, options);
      witness.record([result]);
      return result;
    },
    appendToStreams: async (appends) => {
      const results = await store.appendToStreams(appends);
      witness.record(results);
      return results;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    verifyChain: (options) => store.verifyChain(options),
    close: () => store.close(),
  };
}
