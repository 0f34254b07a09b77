/** What startProjections accepts of a projection's definition (assertDistinct → assertProjection). */
import { assertDistinct, type Projection } from '../../../projections/runner/projection';
import { allProjections } from '../../../projections';

const minimal = (over: Partial<Projection> = {}): Projection => ({
  name: 'probe', version: 1, handles: ['Probed'], tables: ['probes'],
  migrate: async () => undefined, apply: async () => undefined, ...over,
});

describe('projection definitions', () => {
  it('the shipped projections are accepted together', () => {
    expect(() => assertDistinct(allProjections)).not.toThrow();
  });

  it('a fill batch of its own must be a positive integer', () => {
    expect(() => assertDistinct([minimal({ fillBatchSize: 20_000 })])).not.toThrow();
    for (const bad of [0, -5, 1.5, Number.NaN]) {
      expect(() => assertDistinct([minimal({ fillBatchSize: bad })])).toThrow('fillBatchSize must be a positive integer');
    }
  });

  it('names and tables stay unique', () => {
    expect(() => assertDistinct([minimal(), minimal({ tables: ['others'] })])).toThrow('two projections are named probe');
    expect(() => assertDistinct([minimal(), minimal({ name: 'other' })])).toThrow('table probes is owned by both probe and other');
  });
});
