/**
 * The wire form of the Kafka feed: topic per stream category (`jishi.order`), key = stream id (one stream stays
 * in one partition, so in order), value = the recorded event as JSON with the bigint positions as strings.
 * Categories outside the configured list go to `jishi.other`, so consumers, which subscribe to a fixed list
 * when they start, never miss a topic created later.
 */
import { z } from 'zod';
import { streamCategory, type RecordedEvent } from '../event-store/event-store.port';
import { upcaster } from '../event-store/upcasting/event-versions';

export const TOPIC_PREFIX = 'jishi.';
export const OTHER_CATEGORY = 'other';

/** The stream categories of DESIGN.md §4 and the other aggregates of the storefront. */
export const DEFAULT_CATEGORIES: readonly string[] = [
  'order', 'payment', 'collage', 'after-sale', 'cart', 'sku', 'user', 'product', 'shop', 'coupon',
  'review', 'qa', 'notice', 'message', 'favourite', 'footprint', 'address', 'category', 'page', 'promotion',
];

export interface TopicMap {
  /** Every topic of the feed: one per category plus `jishi.other`. */
  readonly topics: readonly string[];
  topicFor(streamId: string): string;
}

export function topicMap(categories: readonly string[] = DEFAULT_CATEGORIES): TopicMap {
  const known = new Set(categories.filter((c) => c !== OTHER_CATEGORY));
  for (const category of known) {
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(category)) throw new Error(`category "${category}" cannot name a Kafka topic`);
  }
  return {
    topics: [...[...known].map((c) => TOPIC_PREFIX + c), TOPIC_PREFIX + OTHER_CATEGORY],
    topicFor(streamId) {
      const category = streamCategory(streamId);
      return TOPIC_PREFIX + (known.has(category) ? category : OTHER_CATEGORY);
    },
  };
}

const WireEvent = z.object({
  streamId: z.string(),
  revision: z.number().int().nonnegative(),
  position: z.object({ commit: z.string().regex(/^\d+$/), prepare: z.string().regex(/^\d+$/) }),
  recordedAt: z.string(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.object({
    eventId: z.string(),
    commandId: z.string().optional(),
    correlationId: z.string().optional(),
    causationId: z.string().optional(),
    actor: z.object({ kind: z.enum(['user', 'merchant', 'platform', 'system']), id: z.string().optional() }),
    occurredAt: z.string(),
    schemaVersion: z.number(),
  }).loose(),
});
type WireEvent = z.infer<typeof WireEvent>;

export function encodeEvent(event: RecordedEvent): string {
  const wire: WireEvent = {
    streamId: event.streamId,
    revision: event.revision,
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    recordedAt: event.recordedAt,
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata },
  };
  return JSON.stringify(wire);
}

/** The wire carries the event as the relay read it; consumers get it at this build's version (upcasting/). */
export function decodeEvent(value: Buffer | string): RecordedEvent {
  const wire = WireEvent.parse(JSON.parse(value.toString()));
  return upcaster.upcast({
    ...wire,
    data: wire.data ?? null,
    position: { commit: BigInt(wire.position.commit), prepare: BigInt(wire.position.prepare) },
  });
}
