/**
 * Scenario 3: the projection runner from zero over a filled log (catch-up feed, in process) and a side-by-side
 * rebuild of the same projection (new generation, catch-up, compare, switch, drop the old one), in both forms of
 * the bench projection (set-based applyBatch, row-by-row apply). Baseline: the hand-rolled projector with the
 * same SQL, batch size and one transaction per batch. Every built read model is checked against the log.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { startProjections } from '../../projections/runner/start-projections';
import { benchLog, scaled, withFreshDatabase, withPGlite, type BenchConfig } from './bench-backends';
import { fillEvents } from './bench-events';
import { benchProjection, checkTotals, lastLogEvent, ordersTable, waitApplied } from './bench.projection';
import { handRolledCatchUp } from './hand-rolled.projector';
import { fmtCount, fmtRate, fmtRatio, now, perSecond, progress, verdict, type Section, type Table } from './stats';

const TARGET_RATE = 10_000;
const WAIT_MS = 15 * 60_000;

export type ProjectionForm = 'row' | 'batch';

export interface ProjectionFigures {
  backend: string;
  form: ProjectionForm;
  events: number;
  baselineRate: number;
  catchUpRate: number;
  rebuildRate: number;
  checks: string[];
}

/** The runner, from zero to the head, then (unless told not to) a rebuild; events/s of each and the read-model checks. */
export async function runnerFromZero(
  db: Database, store: EventStore, name: string, form: ProjectionForm, events: number, withRebuild = true,
): Promise<{ catchUpRate: number; rebuildRate: number; checks: string[] }> {
  const last = await lastLogEvent(db, store);
  const view = `public.${ordersTable(name)}`;
  const t0 = now();
  const handle = await startProjections({ db, store, projections: [benchProjection(name, form)], feed: 'catch-up', log: benchLog });
  try {
    await waitApplied(handle, [last], WAIT_MS);
    const catchUpMs = now() - t0;
    const caughtUp = await checkTotals(db, view);
    if (!withRebuild) {
      if (!caughtUp.ok) throw new Error(`read model wrong: ${caughtUp.line}`);
      return { catchUpRate: perSecond(events, catchUpMs), rebuildRate: Number.NaN, checks: [`catch-up ${caughtUp.line}`] };
    }
    const t1 = now();
    const [rebuilt] = await handle.rebuild(name);
    const rebuildMs = now() - t1;
    const afterRebuild = await checkTotals(db, view);
    if (!caughtUp.ok || !afterRebuild.ok) throw new Error(`read model wrong: ${caughtUp.line}; ${afterRebuild.line}`);
    return {
      catchUpRate: perSecond(events, catchUpMs),
      rebuildRate: perSecond(events, rebuildMs),
      checks: [`catch-up ${caughtUp.line}`, `rebuild (generation ${rebuilt.generation}, ${fmtCount(rebuilt.events)} events read) ${afterRebuild.line}`],
    };
  } finally {
    await handle.stop();
  }
}

async function onBackend(db: Database, backend: string, sizes: Record<ProjectionForm, number>): Promise<ProjectionFigures[]> {
  const store = await createPostgresEventStore(db);
  const figures: ProjectionFigures[] = [];
  let filled = 0;
  // the row-by-row form is ~7× slower: it runs first, on the first part of the log; the log then grows for the set-based form
  for (const form of ['row', 'batch'] as const) {
    const events = sizes[form];
    if (events < filled) throw new Error('projection sizes must not shrink');
    await fillEvents(db, 'events', 'proj', filled, events);
    filled = events;
    progress(`projections ${backend} ${form}: ${fmtCount(events)} events`);
    const baseline = await handRolledCatchUp(db, store, `hand_${form}_orders`, form);
    const baselineCheck = await checkTotals(db, `hand_${form}_orders`);
    if (!baselineCheck.ok) throw new Error(`baseline read model wrong: ${baselineCheck.line}`);
    const name = `bench_${form}_${randomBytes(2).toString('hex')}`;
    const ours = await runnerFromZero(db, store, name, form, events);
    const figure = { backend, form, events, baselineRate: perSecond(baseline.events, baseline.ms), ...ours };
    progress(`projections ${backend} ${form}: baseline ${fmtRate(figure.baselineRate)}, catch-up ${fmtRate(figure.catchUpRate)}, rebuild ${fmtRate(figure.rebuildRate)}`);
    figures.push({ ...figure, checks: [`hand-rolled ${baselineCheck.line}`, ...ours.checks] });
  }
  return figures;
}

export function projectionsTable(figures: readonly ProjectionFigures[]): Table {
  const formName = (form: ProjectionForm) => (form === 'batch' ? 'set-based applyBatch' : 'row-by-row apply');
  return {
    headers: ['backend', 'projection form', 'events', 'scenario', 'ours', 'hand-rolled baseline', 'ratio', 'target'],
    rows: figures.flatMap((f) => {
      const pg = f.backend === 'PostgreSQL';
      return [
        [f.backend, formName(f.form), fmtCount(f.events), 'catch-up from zero (runner, catch-up feed)', fmtRate(f.catchUpRate),
          fmtRate(f.baselineRate), fmtRatio(f.catchUpRate, f.baselineRate), '—'],
        [f.backend, formName(f.form), fmtCount(f.events), 'rebuild (side by side + switch)', fmtRate(f.rebuildRate),
          fmtRate(f.baselineRate), fmtRatio(f.rebuildRate, f.baselineRate),
          pg ? verdict(f.rebuildRate >= TARGET_RATE, `≥ ${fmtCount(TARGET_RATE)}/s`) : '—'],
      ];
    }),
  };
}

export async function projectionsBench(config: BenchConfig): Promise<Section> {
  const figures: ProjectionFigures[] = [];
  const notes: string[] = [];
  figures.push(...await withPGlite((db) => onBackend(db, 'PGlite', { batch: scaled(config, 20_000), row: scaled(config, 20_000) })));
  if (config.databaseUrl) {
    figures.push(...await withFreshDatabase(config.databaseUrl, 'proj',
      ({ db }) => onBackend(db, 'PostgreSQL', { batch: scaled(config, 100_000), row: scaled(config, 20_000) })));
  } else {
    notes.push('PostgreSQL rows skipped: DATABASE_URL not set.');
  }
  notes.push(
    'Read model: order totals per stream (10 BenchItemAdded per order), upserted; batch size 1000 everywhere. Catch-up is timed from '
    + 'startProjections() (migrations and generation 1 included) until waitFor() sees the last event of the log; the rebuild from '
    + 'rebuild() call to return (new generation filled, compared, switched, old one dropped).',
    'The runner adds per batch: the registry row lock, the per-stream revision guard (read + upsert), the checkpoint and NOTIFY.',
    ...figures.flatMap((f) => f.checks.map((c) => `Check ${f.backend} ${f.form}: ${c}`)),
  );
  return { title: '3. Projections: catch-up from zero and rebuild', tables: [projectionsTable(figures)], notes };
}
