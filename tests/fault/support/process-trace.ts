/**
 * The server's process trace (issue 28): with PROCESS_TRACE=1 every append a process makes prints
 * `[process] <kind> append <n> <label>`; with PROCESS_CRASH_AFTER=<kind>:<n> the server prints
 * `[process-crash] <kind> append <n> <label>` right after that append committed and kills itself (SIGKILL).
 * The crash suite reads both from the server's output: the first to enumerate a step's append boundaries, the second
 * to prove the crash happened where it was asked for.
 */

import { PROCESS_KINDS, type ProcessKind } from '../../../services/processes/append-boundaries';

export { PROCESS_KINDS, type ProcessKind };

export interface TracedAppend { kind: ProcessKind; n: number; label: string }

const line = (tag: string) => new RegExp(`^\\[${tag}\\] (${PROCESS_KINDS.join('|')}) append (\\d+) (.*)$`, 'gm');

function parse(text: string, tag: string): TracedAppend[] {
  return [...text.matchAll(line(tag))].map((m) => ({ kind: m[1] as ProcessKind, n: Number(m[2]), label: m[3].trim() }));
}

/** The appends (of `kind`, or of every kind) traced in `text` (a slice of a server's output), in the order printed. */
export const tracedAppends = (text: string, kind?: ProcessKind): TracedAppend[] =>
  parse(text, 'process').filter((a) => kind === undefined || a.kind === kind);

/** The `[process-crash]` line the server printed before killing itself, or null. */
export const crashLine = (text: string): TracedAppend | null => parse(text, 'process-crash')[0] ?? null;

/**
 * A label with its ids blanked (`checkout-123:stock:5001` → `checkout-#:stock:#`, a payment id `JS2612…GMtB` → `#`):
 * the step it names, the same from run to run.
 */
export const labelShape = (label: string): string => label.replace(/\b[A-Za-z]*\d[A-Za-z0-9]*\b/g, '#');
