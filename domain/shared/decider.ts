/**
 * A decider (DESIGN.md §4): pure functions only. The command handler in services/commands reads a stream,
 * folds it with `evolve` from `initialState`, calls `decide(command, state, context)` and appends the events.
 * `decide` throws DomainError for a rejected command. `now` comes in through the context: no clock here.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> { type: Type; data: Data }

export interface DecideContext { now: Date }

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, context: DecideContext): Event[];
}

export const fold = <Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState);
