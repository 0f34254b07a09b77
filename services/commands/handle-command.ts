/**
 * The write path (DESIGN.md §4): read the stream, fold it through the decider, decide, append with the revision
 * read as the expected one. Conflicts are retried a bounded number of times when the command does not depend on
 * what the client saw; otherwise they answer `concurrency`. A commandId already in the stream answers like the
 * first time: same events, no second effect, no second decision. The path itself is decide-and-append.ts; commands
 * on hot streams go through the queue of hot-stream-queue.ts, which appends them in groups.
 */
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import type { Actor, EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port';
import { decideAndAppend } from './decide-and-append';
import { decideOnHotStream } from './hot-stream-queue';
import { commandType, countCommand } from '../metrics/command-metrics';
import { inSpan } from '../tracing/tracing';

export { CONFLICT_ATTEMPTS } from './decide-and-append';

export interface HandleCommandInput<Command, Event extends DomainEvent, State> {
  store: EventStore;
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  now: Date;
  actor: Actor;
  /** Idempotency key: a command already handled under it is answered from the stream. */
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  /** Only for commands whose outcome does not depend on what the client saw. */
  retryOnConflict?: boolean;
  /**
   * Hot streams (one flash-sale SKU): queue with the other commands on this stream in this process and are appended
   * together with them (hot-stream-queue.ts) instead of racing them; conflicts with other processes are still
   * retried when retryOnConflict is set.
   */
  serialize?: boolean;
  /**
   * The whole stream as the caller holds it (`[]` for a stream it made the id of): decided on first instead of read
   * (decide-and-append.ts; a stale one costs a read). Not used on hot streams, whose queue knows them better.
   */
  known?: readonly RecordedEvent[];
}

export interface CommandResult<State> {
  /** The events this command recorded (on a repeat: the ones the first handling recorded). */
  events: RecordedEvent[];
  /** Revision of the stream's last event after the command; -1 when the stream is still empty. */
  nextRevision: number;
  /** Log position to wait for (read-your-writes); null when the stream is still empty. */
  position: LogPosition | null;
  /** The stream's state after this command's events. */
  state: State;
  /** True when commandId had been handled before and this is its first answer again. */
  repeated: boolean;
}

export async function handleCommand<Command, Event extends DomainEvent, State>(
  input: HandleCommandInput<Command, Event, State>,
): Promise<CommandResult<State>> {
  const start = process.hrtime.bigint();
  try {
    const result = await inSpan(`command ${commandType(input.command)}`, { 'jishi.stream': input.streamId },
      () => (input.serialize ? decideOnHotStream(input) : decideAndAppend(input)));
    countCommand(input.command, result.repeated ? 'repeated' : 'accepted', start);
    return result;
  } catch (error) {
    countCommand(input.command, error, start);
    throw error;
  }
}
