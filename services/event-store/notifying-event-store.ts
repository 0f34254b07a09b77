import type { EventStore } from './event-store.port';

/** Wakes this process's idle feeds after every successful append, so nothing waits for the slow poll. */
export function notifyingEventStore(store: EventStore, appended: () => void): EventStore {
  return {
    ...store,
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(streamId, events, options);
      appended();
      return result;
    },
    appendToStreams: async (appends) => {
      const results = await store.appendToStreams(appends);
      appended();
      return results;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    verifyChain: (options) => store.verifyChain(options),
    close: () => store.close(),
  };
}
