/**
 * The bench drops its databases `with (force)` after each scenario, which terminates every connection still open on
 * them (57P01) — idle connections in pools the bench does not own (Emmett's, a runtime's listener) included. A pg
 * pool or client with no 'error' listener then throws from an event emitter, and the whole run used to end there,
 * losing the sections it had measured. Those errors are reported on stderr and the run goes on; anything else still
 * ends it.
 */
import { progress } from './stats';

const DROPPED = /terminating connection|Connection terminated|connection.*(closed|ended)|ECONNRESET|EPIPE/i;
const DROP_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE']);

export function isConnectionDrop(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && DROP_CODES.has(code)) || DROPPED.test(error.message);
}

/** Installs the process-level guard once. */
export function surviveConnectionDrops(): void {
  const onError = (error: unknown) => {
    if (isConnectionDrop(error)) {
      progress(`a dropped database connection was ignored: ${(error as Error).message}`);
      return;
    }
    progress(`bench: unexpected ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
}

/** A listener for pg clients the bench opens itself (the error also fails the statement in hand, if any). */
export const ignoreDrop = (error: Error): void => {
  if (!isConnectionDrop(error)) progress(`database client error: ${error.message}`);
};
