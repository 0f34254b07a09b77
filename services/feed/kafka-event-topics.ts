/**
 * Which Kafka topics carry which event types, so that a Kafka-fed projection's lag counts only the messages of the
 * topics it handles (issue 28 #3). Topics are per stream category (kafka-codec.ts) and a projection names event types,
 * not categories; the one place where the two meet is the forwarder, which records each (type, topic) pair before it
 * first publishes an event of that type to that topic (so no message of a handled type is ever on a topic not known
 * to carry it). Before, a projection's lag summed every partition of every topic: each message anywhere made every
 * read model look behind until its runner stored the offsets of batches with nothing for it.
 */
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { TopicMap } from './kafka-codec';

const MIGRATION = [
  `create table kafka_event_topics (
     type text not null,
     topic text not null,
     first_at timestamptz not null default now(),
     primary key (type, topic)
   )`,
];

export async function migrateEventTopics(db: Database): Promise<void> {
  await migrate(db, 'kafka-event-topics', MIGRATION);
}

/** The forwarder's half: records the pairs of a batch it has not recorded yet (once each per process). */
export class EventTopicsRecorder {
  private readonly known = new Set<string>();

  constructor(private readonly db: Database, private readonly topics: TopicMap) {}

  async record(events: readonly RecordedEvent[]): Promise<void> {
    const fresh = new Map<string, { type: string; topic: string }>();
    for (const event of events) {
      const topic = this.topics.topicFor(event.streamId);
      const key = `${event.type}\u0000${topic}`;
      if (!this.known.has(key)) fresh.set(key, { type: event.type, topic });
    }
    if (fresh.size === 0) return;
    const pairs = [...fresh.values()];
    await this.db.query(
      `insert into kafka_event_topics (type, topic) select * from unnest($1::text[], $2::text[]) on conflict do nothing`,
      [pairs.map((p) => p.type), pairs.map((p) => p.topic)]);
    for (const key of fresh.keys()) this.known.add(key);
  }
}

/** Per event type, the topics that carried it; null while none is known (no forwarder recorded any yet). */
export type EventTopics = ReadonlyMap<string, ReadonlySet<string>> | null;

export async function readEventTopics(db: Database): Promise<EventTopics> {
  const { rows } = await db.query<{ type: string; topic: string }>('select type, topic from kafka_event_topics')
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '42P01') return { rows: [] }; // no forwarder ever ran on this database
      throw error;
    });
  if (rows.length === 0) return null;
  const byType = new Map<string, Set<string>>();
  for (const row of rows) byType.set(row.type, (byType.get(row.type) ?? new Set()).add(row.topic));
  return byType;
}

/** The topics that carry a type in `handles`; null (every topic counts) while nothing is known. */
export function topicsHandled(eventTopics: EventTopics, handles: readonly string[]): ReadonlySet<string> | null {
  if (!eventTopics) return null;
  const topics = new Set<string>();
  for (const type of handles) for (const topic of eventTopics.get(type) ?? []) topics.add(topic);
  return topics;
}
