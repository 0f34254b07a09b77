/**
 * The EventStoreDB adapter of the EventStore port (DESIGN.md §5), through @eventstore/db-client (gRPC).
 * EventStoreDB is idempotent on event ids only for a matching expected revision (and best effort under ANY); the
 * port promises more (a repeat answers like the first whatever the expectation), so a rejected append, and any
 * append under 'any', looks its event ids up in the stream.
 * The global log is $all without EventStoreDB's own system streams and event types.
 */
import {
  BACKWARDS, END, EventStoreDBClient, FORWARDS, START, StreamNotFoundError, WrongExpectedVersionError,
  type AllStreamResolvedEvent, type ReadPosition, type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError, appendInSequence, comparePositions,
  type AppendResult, type ChainProblem, type EventStore, type ExpectedRevision, type LogPosition, type NewEvent, type ReadAllOptions, type RecordedEvent,
} from '../event-store.port';
import { assertAppendable } from '../append-guards';
import { isSystemEvent, toActualRevision, toEsdbExpected, toEventData, toRecordedEvent } from './eventstoredb-mapping';
import { GENESIS, chainEvents, checkLinks, storedLink, type ChainLink } from './eventstoredb-chain';
import { upcaster } from '../upcasting/event-versions';

/** Appends under 'any' / 'stream_exists' pin the revision they chained from; a writer in between means chain again. */
const CHAIN_ATTEMPTS = 8;

/** Events read per $all page: system events are skipped client-side, so a page may yield fewer. */
const ALL_PAGE = 512;

export async function createEventStoreDbEventStore(connectionString: string): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(connectionString);
  return eventStoreDbEventStore(client);
}

export function eventStoreDbEventStore(client: EventStoreDBClient): EventStore {
  const readStream = async (streamId: string, fromRevision = 0): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, { fromRevision: BigInt(fromRevision), direction: FORWARDS })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return events;
  };

  /** The stored events carrying these ids, in stream order (all of them, or fewer when some are missing). */
  const storedWithIds = async (streamId: string, ids: string[], fromRevision = 0) => {
    const wanted = new Set(ids.map((id) => id.toLowerCase()));
    const events = await readStream(streamId, Math.max(0, fromRevision));
    const matches = events.filter((event) => wanted.has(event.metadata.eventId.toLowerCase()));
    return Object.assign(matches, { head: events.length === 0 ? ('no_stream' as const) : events[events.length - 1].revision });
  };

  /** The stream's last link (GENESIS when it has no event). */
  const lastLink = async (streamId: string): Promise<ChainLink> => {
    try {
      for await (const resolved of client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return { revision: Number(resolved.event.revision), hash: storedLink(toRecordedEvent(resolved.event)) ?? '' };
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return GENESIS;
  };

  /** Appends chained from the stream's current last link, pinned to that revision (what `expected` allows). */
  const appendChained = async (streamId: string, events: NewEvent[], expected: ExpectedRevision) => {
    for (let attempt = 1; ; attempt += 1) {
      const previous = expected === 'no_stream' ? GENESIS : await lastLink(streamId);
      if (typeof expected === 'number' && previous.revision !== expected) {
        throw new WrongExpectedRevisionError(streamId, expected, previous.revision < 0 ? 'no_stream' : previous.revision);
      }
      if (expected === 'stream_exists' && previous.revision < 0) {
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      }
      const pinned: ExpectedRevision = previous.revision < 0 ? 'no_stream' : previous.revision;
      try {
        return await client.appendToStream(streamId, chainEvents(streamId, previous, events).map(toEventData), { expectedRevision: toEsdbExpected(pinned) });
      } catch (error) {
        const retry = error instanceof WrongExpectedVersionError && (expected === 'any' || expected === 'stream_exists') && attempt < CHAIN_ATTEMPTS;
        if (!retry) throw error;
      }
    }
  };

  const readAllStored = async ({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const events: RecordedEvent[] = [];
    let from: ReadPosition = after ?? START;
    let seen: LogPosition | null = after ?? null;
    while (events.length < limit) {
      let read = 0;
      for await (const resolved of client.readAll({ fromPosition: from, maxCount: ALL_PAGE, direction: FORWARDS })) {
        read += 1;
        const event = allStreamEvent(resolved);
        if (!event) continue;
        const position = event.position;
        if (seen && comparePositions(position, seen) <= 0) continue; // the page start is inclusive
        seen = position;
        if (!isSystemEvent(event)) events.push(toRecordedEvent(event));
        if (events.length === limit) break;
      }
      if (read < ALL_PAGE || seen === null || events.length === limit) break;
      from = seen;
    }
    return events;
  };

  return {
    // this client has no multi-stream append: the streams go one after another (the port says so)
    async appendToStreams(appends) {
      return appendInSequence(this, appends);
    },

    async appendToStream(streamId, events, options) {
      const expected = options?.expectedRevision ?? 'any';
      assertAppendable(streamId, events);
      const ids = events.map((event) => event.metadata.eventId);
      if (expected === 'any') {
        // EventStoreDB's idempotency under ANY is best effort (a cache): look the ids up rather than risk a double.
        const stored = await storedWithIds(streamId, ids);
        if (stored.length === events.length) return summarise(stored);
        if (stored.length > 0) throw new WrongExpectedRevisionError(streamId, expected, stored.head);
      }
      try {
        const result = await appendChained(streamId, events, expected);
        const firstRevision = Number(result.nextExpectedRevision) - events.length + 1;
        let stored = await storedWithIds(streamId, ids, firstRevision);
        if (stored.length !== events.length) stored = await storedWithIds(streamId, ids);
        if (stored.length !== events.length) throw new Error(`append to ${streamId}: appended events not found on read-back`);
        return summarise(stored);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) && !(error instanceof WrongExpectedRevisionError)) throw error;
        const stored = await storedWithIds(streamId, ids);
        if (stored.length === events.length) return summarise(stored);
        if (error instanceof WrongExpectedRevisionError) throw error;
        throw new WrongExpectedRevisionError(streamId, expected, toActualRevision(error.actualVersion));
      }
    },

    // readers get today's version; verifyChain below checks the links on the events as stored
    readStream: async (streamId, options) => (await readStream(streamId, options?.fromRevision ?? 0)).map(upcaster.upcast),

    async readAll(options) {
      return (await readAllStored(options)).map(upcaster.upcast);
    },

    async headPosition() {
      let from: ReadPosition = END;
      for (;;) {
        let read = 0;
        let oldest: LogPosition | null = null;
        for await (const resolved of client.readAll({ fromPosition: from, maxCount: ALL_PAGE, direction: BACKWARDS })) {
          read += 1;
          const event = allStreamEvent(resolved);
          if (!event) continue;
          if (!isSystemEvent(event)) return { commit: event.position.commit, prepare: event.position.prepare };
          oldest = event.position;
        }
        if (read < ALL_PAGE || oldest === null) return null;
        from = oldest;
      }
    },

    async verifyChain(options) {
      if (options?.streams) {
        const events = (await Promise.all(options.streams.map((s) => readStream(s)))).flat();
        return checkLinks(events.sort((a, b) => comparePositions(a.position, b.position)));
      }
      const problems: ChainProblem[] = [];
      const last = new Map<string, ChainLink>();
      let after: LogPosition | null = null;
      for (;;) {
        const page = await readAllStored({ after, limit: ALL_PAGE });
        if (page.length === 0) return problems;
        problems.push(...checkLinks(page, last));
        after = page[page.length - 1].position;
      }
    },

    async close() {
      await client.dispose();
    },
  };
}

const allStreamEvent = (resolved: AllStreamResolvedEvent | ResolvedEvent) =>
  resolved.event && resolved.event.position ? { ...resolved.event, position: resolved.event.position } : null;

const summarise = (recorded: RecordedEvent[]): AppendResult => {
  const last = recorded[recorded.length - 1];
  return { nextRevision: last.revision, position: last.position, events: recorded };
};
