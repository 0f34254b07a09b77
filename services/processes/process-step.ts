/**
 * The one process mechanism (DESIGN.md §4), its step: a command a process runs on any stream — its own or another —
 * through handleCommand, with
 * - the process's correlation and causation (its own stream id), so an auditor follows every step back to it;
 * - a deterministic command id the caller derives from the process and the step (`checkout-12:stock:5001`), so a
 *   retried or resumed step is answered from the stream and never repeated;
 * - transient conflicts retried, never taken for an outcome: the command's own conflict retries, then, while the
 *   stream keeps moving (a hot flash-sale SKU across instances), pauses that grow until the burst has passed
 *   (until-no-conflict.ts). A step still losing then throws `concurrency`, which no process records: the request
 *   answers busy and the resumer carries the process on later;
 * - every committed append announced as one of the process's boundaries (append-boundaries.ts: tracing and the
 *   crash-injection suite's kill points).
 * `hot` streams (SKU stock, activity quotas) queue in this process and are appended in groups (hot-stream-queue.ts).
 * `known`: the whole stream as the step already holds it, decided on instead of a read (handle-command.ts).
 */
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { handleCommand, type CommandResult } from '../commands/handle-command';
import { untilNoConflict, type ConflictRetry } from '../commands/until-no-conflict';
import type { Actor, EventStore, RecordedEvent } from '../event-store/event-store.port';
import { crossedBoundary, type ProcessKind } from './append-boundaries';

export type { ProcessKind } from './append-boundaries';

export interface StepContext {
  store: EventStore;
  clock: () => Date;
  actor: Actor;
  /** the process stream the step belongs to (`checkout-12`, `order-7`, `payment-JS…`, `after-sale-9`, `collage-3`) */
  correlationId: string;
  /** which process runs the step: names its append boundaries */
  kind: ProcessKind;
}

/** Beyond the command's own attempts: a stream that keeps moving is asked again after 20, 40 … 640 ms pauses. */
const TRANSIENT_CONFLICTS: ConflictRetry = { attempts: 8, initialMs: 20, maxMs: 640 };

export async function decideOn<Command, Event extends DomainEvent, State>(
  ctx: StepContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  commandId: string,
  options: { hot?: boolean; known?: readonly RecordedEvent[] } = {},
): Promise<CommandResult<State>> {
  let known = options.known;
  const result = await untilNoConflict(() => {
    const attempt = handleCommand({
      store: ctx.store,
      streamId,
      decider,
      command,
      now: ctx.clock(),
      actor: ctx.actor,
      commandId,
      correlationId: ctx.correlationId,
      causationId: ctx.correlationId,
      retryOnConflict: true,
      serialize: options.hot === true,
      known,
    });
    known = undefined; // a guess is worth one try: a retry reads
    return attempt;
  }, TRANSIENT_CONFLICTS);
  if (!result.repeated && result.events.length > 0) crossedBoundary(ctx.kind, `${streamId}:${commandId}`);
  return result;
}

/**
 * The whole stream after a step, as the step's caller can tell it: what it held plus what the step appended (a
 * repeated step appended nothing). A stream that moved on meanwhile makes this a stale `known`, which costs a read.
 */
export const streamAfter = (held: readonly RecordedEvent[], result: CommandResult<unknown>): RecordedEvent[] =>
  result.repeated ? [...held] : [...held, ...result.events];

export const systemActor: Actor = { kind: 'system' };
export const shopperActor = (userId: number): Actor => ({ kind: 'user', id: String(userId) });

/** The context of process `kind` whose own stream is `correlationId`, acting as `actor` (the system unless told). */
export const processContext = (
  deps: Pick<StepContext, 'store' | 'clock'>, kind: ProcessKind, correlationId: string, actor: Actor = systemActor,
): StepContext => ({ store: deps.store, clock: deps.clock, actor, correlationId, kind });
