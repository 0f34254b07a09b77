import { keyedRunsOf, runsOf } from '../../../projections/set-based';

interface E { id: number; type: string; keys: string[] | null }
const e = (id: number, type: string, ...keys: string[]): E => ({ id, type, keys });
const barrier = (id: number, type: string): E => ({ id, type, keys: null });
const runs = (events: E[]) => keyedRunsOf(events, (x) => x.type, (x) => x.keys).map((run) => run.map((x) => x.id));

describe('keyedRunsOf: runs of one kind, log order kept per key', () => {
  it('gathers interleaved kinds with disjoint keys into one run each, where runsOf cuts one per change', () => {
    const events = [e(1, 'list', 'p1'), e(2, 'shelf', 'p2'), e(3, 'list', 'p3'), e(4, 'shelf', 'p4'), e(5, 'list', 'p5')];
    expect(runsOf(events)).toHaveLength(5);
    expect(runs(events)).toEqual([[1, 3, 5], [2, 4]]);
  });

  it('keeps an event after every earlier event sharing one of its keys', () => {
    // 3 touches p1 after the shelf change 2: it cannot join the first listing run
    expect(runs([e(1, 'list', 'p1'), e(2, 'shelf', 'p1'), e(3, 'list', 'p1'), e(4, 'list', 'p9')])).toEqual([[1, 4], [2], [3]]);
    // an order on p1 and p2 follows the listing of p2 only
    expect(runs([e(1, 'shelf', 'p1'), e(2, 'list', 'p2'), e(3, 'shelf', 'o7', 'p1', 'p2')])).toEqual([[1], [2], [3]]);
  });

  it('joins a later run of its kind when an earlier one is behind its keys', () => {
    expect(runs([e(1, 'list', 'p1'), e(2, 'shelf', 'p1'), e(3, 'list', 'p2'), e(4, 'list', 'p1'), e(5, 'shelf', 'p3'), e(6, 'shelf', 'p1')]))
      .toEqual([[1, 3], [2, 5], [4], [6]]);
  });

  it('lets nothing cross a barrier, in either direction', () => {
    expect(runs([e(1, 'list', 'p1'), barrier(2, 'shop'), e(3, 'list', 'p2'), e(4, 'shelf', 'p3'), barrier(5, 'shop'), e(6, 'list', 'p4')]))
      .toEqual([[1], [2], [3], [4], [5], [6]]);
    // consecutive barriers of one kind share a run, and a barrier joins the last run when it is of its kind
    expect(runs([e(1, 'shop', 'p1'), barrier(2, 'shop'), barrier(3, 'shop'), e(4, 'list', 'p1')])).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps log order within every run', () => {
    const events = Array.from({ length: 200 }, (_, i) => e(i, ['list', 'shelf', 'order'][i % 3], `p${i % 17}`));
    for (const run of runs(events)) expect(run).toEqual([...run].sort((a, b) => a - b));
    expect(runs(events).flat().sort((a, b) => a - b)).toEqual(events.map((x) => x.id));
  });
});
