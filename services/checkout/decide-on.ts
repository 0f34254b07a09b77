/**
 * One command of a checkout process step: handleCommand with the process's correlation, a deterministic command id
 * (a retried or resumed step answers from the stream) and conflict retries (no step depends on what a client saw).
 * `hot` streams (SKU stock, activity quotas) queue in this process behind the stream lock.
 */
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { handleCommand, type CommandResult } from '../commands/handle-command';
import type { Actor, EventStore } from '../event-store/event-store.port';

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
  options: { hot?: boolean } = {},
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
  });
}

export const systemActor: Actor = { kind: 'system' };
export const shopperActor = (userId: number): Actor => ({ kind: 'user', id: String(userId) });
