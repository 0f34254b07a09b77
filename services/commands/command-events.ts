/**
 * Decided domain events to the store's NewEvents: metadata per DESIGN.md §4. With a commandId the event ids are
 * derived from (stream, commandId, index), so two handlers racing on one command write the same ids and the store
 * keeps only the first: a second effect is impossible even before the commandId lookup sees it.
 */
import { currentTraceparent } from '../tracing/tracing';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '../../domain/shared/decider';
import type { Actor, EventMetadata, NewEvent, RecordedEvent } from '../event-store/event-store.port';
import { deterministicEventId } from '../event-store/event-ids';
import { currentSchemaVersion } from '../event-store/upcasting/event-versions';

export interface CommandContext {
  streamId: string;
  now: Date;
  actor: Actor;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
}

export function toNewEvents(events: readonly DomainEvent[], context: CommandContext): NewEvent[] {
  const { streamId, commandId } = context;
  const correlationId = context.correlationId ?? commandId;
  const causationId = context.causationId ?? commandId;
  const occurredAt = context.now.toISOString();
  const traceparent = currentTraceparent();
  return events.map((event, index) => {
    const metadata: EventMetadata = {
      eventId: commandId ? deterministicEventId(`command:${streamId}:${commandId}:${index}`) : randomUUID(),
      actor: context.actor,
      occurredAt,
      schemaVersion: currentSchemaVersion(event.type),
      ...(commandId === undefined ? {} : { commandId }),
      ...(correlationId === undefined ? {} : { correlationId }),
      ...(causationId === undefined ? {} : { causationId }),
      ...(traceparent === undefined ? {} : { traceparent }),
    };
    return { type: event.type, data: event.data, metadata };
  });
}

/** Stored events are trusted to be the decider's own events: they were decided by it, and the store's reads upcast them to today's version. */
export const toDomainEvent = <Event extends DomainEvent>(event: RecordedEvent): Event =>
  ({ type: event.type, data: event.data }) as Event;
