/** Adapts the projections handle to what the API's health and /internal routes need. */
import type { ProjectionHealth } from '../api/health/health.route';
import type { ProjectionOps } from '../api/internal/projections.routes';
import type { ProjectionsHandle } from '../../projections/runner/start-projections';

export const projectionHealthOf = (handle: ProjectionsHandle | null) => async (): Promise<ProjectionHealth[]> =>
  handle ? (await handle.status()).map(({ name, state, lag, position }) => ({ name, state, lag, position })) : [];

export function projectionOpsOf(handle: ProjectionsHandle | null): ProjectionOps {
  const missing = () => { throw new Error('projections do not run in this process'); };
  return {
    status: async () => (handle ? handle.status() : []),
    names: () => (handle ? handle.names() : []),
    rebuild: async (name, options) => (handle ? handle.rebuild(name, undefined, options) : missing()),
  };
}
