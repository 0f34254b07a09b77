import type { AnyMachineSnapshot } from 'xstate';
import { formatShanghai } from '../shared/time';
import { collageLifecycle } from './collage.timeline';
import type { TimelineLifecycle, TimelineStatus } from './lifecycle';
import { orderLifecycle } from './order.timeline';
import { paymentLifecycle } from './payment.timeline';

export type { TimelineLifecycle, TimelineStatus } from './lifecycle';
export { machineLifecycle } from './lifecycle';

/**
 * The audit basis (DESIGN.md §11 `ops audit`): recorded events in log order → one entry per event with its time,
 * actor, the state before and after (API numbers and names), a Chinese summary, and whether the machine accepted
 * it. Pure: the caller reads the streams (order, its payments, its collage, its after-sales) and merges them.
 */
export type ActorRef = string | { kind?: string; type?: string; id?: string | number | null; name?: string };

export interface TimelineEvent {
  type: string;
  data: unknown;
  metadata: { actor: ActorRef; occurredAt: string };
  /** the stream the event came from; events of one lifecycle in different streams are folded separately */
  streamId?: string;
}

export interface TimelineEntry {
  time: string;
  displayTime: string;
  actor: { kind: string; id: string | null; label: string };
  lifecycle: string | null;
  streamId: string | null;
  type: string;
  from: TimelineStatus | null;
  to: TimelineStatus | null;
  summary: string;
  /** true when the lifecycle's machine accepted the event, false when it did not, null for events no machine covers */
  verified: boolean | null;
}

/** Summaries for event types that have no lifecycle machine (or to override one). */
export type SummaryRegistry = Record<string, (data: unknown) => string>;

export interface TimelineOptions {
  /** extra lifecycles (e.g. after-sale), consulted before the built-in ones */
  lifecycles?: readonly TimelineLifecycle[];
  summaries?: SummaryRegistry;
}

export const builtInLifecycles: readonly TimelineLifecycle[] = [orderLifecycle, paymentLifecycle, collageLifecycle];

const actorLabels: Record<string, string> = { user: '买家', shopper: '买家', merchant: '商家', platform: '平台', system: '系统' };

export function describeActor(actor: ActorRef): TimelineEntry['actor'] {
  const [kind, id] = typeof actor === 'string'
    ? [actor.split(':')[0], actor.includes(':') ? actor.slice(actor.indexOf(':') + 1) : null]
    : [actor.kind ?? actor.type ?? 'unknown', actor.id === undefined || actor.id === null ? null : String(actor.id)];
  const label = actorLabels[kind] ?? kind;
  const named = typeof actor === 'object' && actor.name ? `${label}（${actor.name}）` : label;
  return { kind, id, label: named };
}

export function timeline(events: readonly TimelineEvent[], options: TimelineOptions = {}): TimelineEntry[] {
  const lifecycles = [...(options.lifecycles ?? []), ...builtInLifecycles];
  const instances = new Map<string, AnyMachineSnapshot>();
  return events.map((event) => {
    const base = {
      time: event.metadata.occurredAt,
      displayTime: formatShanghai(event.metadata.occurredAt),
      actor: describeActor(event.metadata.actor),
      streamId: event.streamId ?? null,
      type: event.type,
    };
    const registered = options.summaries?.[event.type];
    const lifecycle = lifecycles.find((l) => l.handles(event.type));
    if (!lifecycle) {
      return { ...base, lifecycle: null, from: null, to: null, summary: registered?.(event.data) ?? event.type, verified: null };
    }
    const key = `${lifecycle.name}|${event.streamId ?? ''}`;
    const before = instances.get(key) ?? lifecycle.initial();
    const { state: after, accepted } = lifecycle.apply(before, event);
    instances.set(key, after);
    return {
      ...base,
      lifecycle: lifecycle.name,
      from: lifecycle.status(before),
      to: lifecycle.status(after),
      summary: registered?.(event.data) ?? lifecycle.summarize(event, before),
      verified: accepted,
    };
  });
}
