/**
 * One command of a checkout process step: handleCommand with the process's correlation, a deterministic command id
 * (a retried or resumed step answers from the stream) and conflict retries (no step depends on what a client saw).
 * `hot` streams (SKU stock, activity quotas) queue in this process behind the stream lock. `known`: the whole stream
 * as the step already holds it, decided on instead of a read (handle-command.ts).
 */
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { handleCommand, type CommandResult } from '../commands/handle-command';
import type { Actor, EventStore, RecordedEvent } from '../event-store/event-store.port';

export interface StepContext {
  store: EventStore;
  clock: () => Date;
  actor: Actor;
  /** the process stream the step belongs to (`checkout-12`, `order-7`, `payment-JS…`) */
  correlationId: string;
}

export function decideOn<Command, Event extends DomainEvent, State>(
  ctx: StepContext,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  commandId: string,
  options: { hot?: boolean; known?: readonly RecordedEvent[] } = {},
): Promise<CommandResult<State>> {
  return handleCommand({
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
    known: options.known,
  });
}

/**
 * The whole stream after a step, as the step's caller can tell it: what it held plus what the step appended (a
 * repeated step appended nothing). A stream that moved on meanwhile makes this a stale `known`, which costs a read.
 */
export const streamAfter = (held: readonly RecordedEvent[], result: CommandResult<unknown>): RecordedEvent[] =>
  result.repeated ? [...held] : [...held, ...result.events];

export const systemActor: Actor = { kind: 'system' };
export const shopperActor = (userId: number): Actor => ({ kind: 'user', id: String(userId) });
