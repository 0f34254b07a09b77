/** How `npm run ops -- projections rebuild` prints progress (events/s, ETA) and each projection's gate and switch. */
import { describeDiff } from '../../projections/runner/generation-diff';
import type { RebuildProgress, RebuildResult } from '../../projections/runner/rebuild';

export function formatRebuildProgress(p: RebuildProgress): string {
  const eta = p.etaSeconds === null ? '?' : `${p.etaSeconds}s`;
  return `${p.name} g${p.generation} ${p.phase}: ${Math.round(p.fraction * 100)}%, ${p.events} events, ${p.eventsPerSecond}/s, ETA ${eta}   `;
}

export function formatRebuildResults(results: readonly RebuildResult[]): string {
  return results.flatMap((r) => [
    `${r.name}: generation ${r.previousGeneration ?? '-'} → ${r.generation}, ${r.events} events in ${r.ms} ms (${Math.round(r.eventsPerSecond)}/s)`,
    ...describeDiff(r.name, r.diff).map((line) => `  ${line}`),
  ]).join('\n');
}
