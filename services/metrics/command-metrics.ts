/**
 * Every command handled (services/commands/handle-command.ts), by its type and outcome: accepted, repeated (its
 * command id was handled before: answered from the stream), refused (a DomainError: with its code), conflict (the
 * stream kept moving past the retries), or error; and how long each took.
 */
import { DomainError } from '../../domain/shared/errors';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { counter, histogram, secondsSince } from './registry';

const commands = counter('jishi_commands_total', 'Commands handled, by type, outcome (accepted, repeated, refused, conflict, error) and refusal code', ['command', 'outcome', 'code']);
const latency = histogram('jishi_command_duration_seconds', 'Command latency (read, decide, append), by type', ['command']);

export const commandType = (command: unknown): string =>
  (command && typeof command === 'object' && typeof (command as { type?: unknown }).type === 'string' ? (command as { type: string }).type : 'unknown');

export function countCommand(command: unknown, outcome: 'accepted' | 'repeated' | unknown, start: bigint): void {
  const type = commandType(command);
  latency.observe({ command: type }, secondsSince(start));
  if (outcome === 'accepted' || outcome === 'repeated') {
    commands.inc({ command: type, outcome, code: '' });
  } else if (outcome instanceof DomainError && outcome.errorName === 'concurrency') {
    commands.inc({ command: type, outcome: 'conflict', code: outcome.code });
  } else if (outcome instanceof DomainError) {
    commands.inc({ command: type, outcome: 'refused', code: outcome.code });
  } else if (outcome instanceof WrongExpectedRevisionError) {
    commands.inc({ command: type, outcome: 'conflict', code: '' });
  } else {
    commands.inc({ command: type, outcome: 'error', code: '' });
  }
}
