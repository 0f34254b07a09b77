/**
 * Why a rebuild did not switch (DESIGN.md §6, issue 28): the event log's hash chain reports problems (an event edited,
 * deleted or moved since it was appended), or the rebuilt read model differs from the live one and the operator did
 * not accept differences. The message names each broken event (stream, revision, position) and, when the rebuilt
 * model differs in rows of a broken event's stream, says that this event explains the difference.
 */
import type { ChainProblem } from '../../services/event-store/event-store.port';
import { describeDiff, type GenerationDiff } from './generation-diff';

export class RebuildRefusedError extends Error {
  constructor(readonly projection: string, readonly diff: GenerationDiff, readonly problems: readonly ChainProblem[] = []) {
    super(refusalLines(projection, diff, problems).join('\n'));
    this.name = 'RebuildRefusedError';
  }
}

function refusalLines(projection: string, diff: GenerationDiff, problems: readonly ChainProblem[]): string[] {
  if (problems.length === 0) {
    return [`rebuild of ${projection} refused: the rebuilt read model differs from the live one; nothing switched ` +
      '(--accept-differences switches anyway, for a rebuild meant to change it)', ...describeDiff(projection, diff)];
  }
  const lines = [`rebuild of ${projection} refused: the event log's hash chain reports ${problems.length} problem(s); nothing switched`,
    ...problems.map((p) => `  ✗ ${describeProblem(p)}: ${p.detail}`),
    ...describeDiff(projection, diff)];
  if (diff.identical === false) {
    const explaining = explainingProblems(diff, problems);
    lines.push(explaining.length > 0
      ? `${projection}: the differences come from ${explaining.map(describeProblem).join(', ')}`
      : `${projection}: the differences may come from the events above (no differing row names their streams)`);
  }
  return lines;
}

const describeProblem = (p: ChainProblem): string => `${p.kind} event ${p.streamId}#${p.revision} at ${p.position}`;

/**
 * The problems whose stream shows in a differing row: its whole id (`order-1733…`) or the id after its category
 * (`1733…`, as read models key rows by the order, product or user id) anywhere in the row, or that id as the row's
 * first column (`notice-1` → `(1,…)`: a short number elsewhere in a row would be a coincidence).
 */
function explainingProblems(diff: GenerationDiff, problems: readonly ChainProblem[]): ChainProblem[] {
  const rows = diff.tables.filter((t) => t.identical === false).flatMap((t) => [...t.onlyLive, ...t.onlyRebuilt]);
  const anywhere = (row: string, id: string) => new RegExp(`(^|[^0-9A-Za-z_-])${escape(id)}($|[^0-9A-Za-z_-])`).test(row);
  return problems.filter((p) => {
    const key = p.streamId.slice(p.streamId.indexOf('-') + 1);
    return rows.some((row) => anywhere(row, p.streamId) || row.startsWith(`(${key},`) || (key.length >= 6 && anywhere(row, key)));
  });
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
