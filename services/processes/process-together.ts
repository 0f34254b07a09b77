/**
 * Several process steps on distinct streams that must change together (a checkout's orders, its payment and its
 * completion; a payment's money and the orders it pays), decided on the streams as the caller holds them and recorded
 * in ONE multi-stream append (EventStore.appendToStreams: all or none on PostgreSQL and PGlite, in sequence on
 * EventStoreDB). Each step keeps what decideOn gives it: its deterministic command id (so its event ids), its
 * correlation, and the revision it decided on as the expected one.
 *
 * This is a fast path only. Whenever it cannot be sure — a command id already in a held stream, a step that decides
 * nothing, a stream that moved on since it was held (another process resuming the same checkout, a repeated callback)
 * — `appendDecided` answers null having appended nothing (or, on EventStoreDB's sequence, only steps that the
 * step-by-step path then answers from their command ids), and the caller takes the same steps one by one (decideOn),
 * which read, answer repeats from the streams and retry conflicts. A step the decider refuses throws its DomainError
 * here, before anything is appended, exactly as decideOn would on the same stream.
 */
import { fold, type Decider, type DomainEvent } from '../../domain/shared/decider';
import type { CommandResult } from '../commands/handle-command';
import { toDomainEvent, toNewEvents } from '../commands/command-events';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent, type StreamAppend } from '../event-store/event-store.port';
import { crossedBoundary } from './append-boundaries';
import type { StepContext } from './process-step';
import { countCommand } from '../metrics/command-metrics';

/** One step decided, not yet appended. */
export interface DecidedStep<State = unknown> {
  streamId: string;
  commandId: string;
  /** the stream as the step was decided on (its last revision is the expected one) */
  known: readonly RecordedEvent[];
  /** the decided events, with their metadata */
  events: NewEvent[];
  /** the stream's state after these events, as decided */
  state: State;
  /** folds stored events (for the answer when the store recognised them as a repeat) */
  stateOf(events: readonly RecordedEvent[]): State;
  /** the command, for the command metrics once appended */
  command: unknown;
  /** when it was decided (process.hrtime.bigint()) */
  decidedFrom: bigint;
}

/**
 * Decides one step on `known` (the whole stream as held; `[]` for a stream whose id the caller just made). Null when
 * the held stream already holds this command id or the decider decides nothing: the step-by-step path answers those.
 */
export function decideStep<Command, Event extends DomainEvent, State>(
  ctx: StepContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  commandId: string,
  known: readonly RecordedEvent[],
): DecidedStep<State> | null {
  if (known.some((event) => event.metadata.commandId === commandId)) return null;
  const stateOf = (events: readonly RecordedEvent[]) => fold(decider, events.map((event) => toDomainEvent<Event>(event)));
  const before = stateOf(known);
  const now = ctx.clock();
  const decidedFrom = process.hrtime.bigint();
  let decided: Event[];
  try {
    decided = decider.decide(command, before, { now });
  } catch (error) {
    countCommand(command, error, decidedFrom);
    throw error;
  }
  if (decided.length === 0) return null;
  return {
    streamId,
    commandId,
    known,
    events: toNewEvents(decided, {
      streamId, now, actor: ctx.actor, commandId, correlationId: ctx.correlationId, causationId: ctx.correlationId,
    }),
    state: decided.reduce(decider.evolve, before),
    stateOf,
    command,
    decidedFrom,
  };
}

/** The answers of an atomic append, one per step in the order given; the states are the steps' own. */
export interface AppendedTogether {
  results: CommandResult<unknown>[];
  /** every event recorded (for read-your-writes) */
  events: RecordedEvent[];
}

/**
 * Appends the decided steps all or none. Null when a stream moved on since it was held (nothing appended on
 * PostgreSQL; on EventStoreDB's sequence the steps before it are appended and answer as repeats afterwards).
 */
export async function appendDecided(ctx: Pick<StepContext, 'store' | 'kind'>, steps: readonly DecidedStep[]): Promise<AppendedTogether | null> {
  const appends: StreamAppend[] = steps.map((step) => {
    const last = step.known.at(-1);
    return { streamId: step.streamId, events: step.events, expectedRevision: last ? last.revision : 'no_stream' };
  });
  let appended;
  try {
    appended = await ctx.store.appendToStreams(appends);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
  crossedBoundary(ctx.kind, steps.map((step) => `${step.streamId}:${step.commandId}`).join(' + '));
  for (const step of steps) countCommand(step.command, 'accepted', step.decidedFrom);
  const results = steps.map((step, i): CommandResult<unknown> => {
    const { events, nextRevision, position } = appended[i];
    // folded from the events as stored: the same as decided, or, when the store recognised their ids (another process
    // recorded the same steps first), what was recorded then
    return { events, nextRevision, position, state: step.stateOf([...step.known, ...events]), repeated: false };
  });
  return { results, events: results.flatMap((r) => r.events) };
}
