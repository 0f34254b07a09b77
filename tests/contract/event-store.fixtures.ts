/** Events and stream names for the event store contract: unique per call, so cases never share a stream. */
import { randomUUID } from 'node:crypto';
import {
  comparePositions, formatPosition, type EventStore, type LogPosition, type NewEvent,
} from '../../services/event-store/event-store.port';

let counter = 0;

export const uniqueStream = (category = 'contract'): string =>
  `${category}-${Date.now()}${String(counter++).padStart(4, '0')}${Math.floor(Math.random() * 1000)}`;

export function anEvent(type = 'Counted', data: Record<string, unknown> = { n: 1 }): NewEvent {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      actor: { kind: 'user', id: '7' },
      occurredAt: '2025-03-01T08:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

export const events = (count: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: count }, (_, n) => anEvent(type, { n }));

/**
 * On PostgreSQL the global log's horizon is cluster-wide: another session's open transaction (anyone's, on any
 * database of the server) briefly holds our committed events back. Wait for them rather than flake.
 */
export async function untilVisible(store: EventStore, position: LogPosition, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headPosition();
    if (head && comparePositions(head, position) >= 0) return;
    if (Date.now() > deadline) throw new Error(`position ${formatPosition(position)} not visible after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
