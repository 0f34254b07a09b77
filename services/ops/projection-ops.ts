/** Adapts the projections handle to what the API's /internal routes and the ops CLI need. */
import type { ProjectionOps } from '../api/internal/projections.routes';
import { healthCheck, type HealthReport } from '../api/health/health-report';
import type { ProjectionsHandle } from '../../projections/runner/start-projections';
import type { Runtime } from '../runtime';

export function projectionOpsOf(handle: ProjectionsHandle | null): ProjectionOps {
  const missing = () => { throw new Error('projections do not run in this process'); };
  return {
    status: async () => (handle ? handle.status() : []),
    names: () => (handle ? handle.names() : []),
    rebuild: async (name, options) => (handle ? handle.rebuild(name, undefined, options) : missing()),
  };
}

/**
 * The health report of an open runtime: what `GET /internal/health` answers, for the CLI when no server runs
 * (format it with status-table.ts formatHealthReport).
 */
export function readHealthReport(runtime: Pick<Runtime, 'store' | 'storeKind' | 'projections'>): Promise<HealthReport> {
  return healthCheck({ store: runtime.store, storeKind: runtime.storeKind, feed: () => runtime.projections.health() })();
}
