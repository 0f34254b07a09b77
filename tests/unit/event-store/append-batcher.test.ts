/**
 * The batcher's own rules (services/event-store/postgres/append-batcher.ts), with fake statements: the first append
 * goes alone at once, those arriving meanwhile gather, one stream never shares or overlaps a batch, and a batch
 * statement that fails sends each append alone.
 */
import { appendBatcher, type AppendRequest } from '../../../services/event-store/postgres/append-batcher';
import type { AppendResult } from '../../../services/event-store/event-store.port';

const resultFor = (r: AppendRequest): AppendResult =>
  ({ nextRevision: 0, position: { commit: 1n, prepare: BigInt(r.streamId.length) }, events: [] });
const request = (streamId: string): AppendRequest => ({ streamId, events: [], expected: 'any' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function fakes(options: { manyFails?: boolean } = {}) {
  const calls: string[][] = [];
  const inFlight = new Set<string>();
  let overlaps = 0;
  const track = async <T>(streams: string[], work: () => T): Promise<T> => {
    for (const s of streams) if (inFlight.has(s)) overlaps += 1;
    streams.forEach((s) => inFlight.add(s));
    await tick();
    streams.forEach((s) => inFlight.delete(s));
    return work();
  };
  const one = (r: AppendRequest) => {
    calls.push([r.streamId]);
    return track([r.streamId], () => resultFor(r));
  };
  const many = (rs: readonly AppendRequest[]) => {
    calls.push(rs.map((r) => r.streamId));
    return track(rs.map((r) => r.streamId), () => {
      if (options.manyFails) throw new Error('unique violation');
      return rs.map((r): PromiseSettledResult<AppendResult> => ({ status: 'fulfilled', value: resultFor(r) }));
    });
  };
  return { calls, overlaps: () => overlaps, append: appendBatcher(one, many, { maxBatch: 64, maxInFlight: 1 }) };
}

describe('batching appends across streams', () => {
  it('sends the first alone and gathers the rest into one statement', async () => {
    const f = fakes();
    const answers = await Promise.all(['a', 'bb', 'ccc', 'dddd'].map((s) => f.append(request(s))));
    expect(f.calls).toEqual([['a'], ['bb', 'ccc', 'dddd']]);
    expect(answers.map((a) => a.position.prepare)).toEqual([1n, 2n, 3n, 4n]);
  });

  it('never puts one stream twice in a batch, nor in two batches at once', async () => {
    const f = fakes();
    await Promise.all(['a', 'x', 'x', 'y', 'x'].map((s) => f.append(request(s))));
    for (const call of f.calls) expect(new Set(call).size).toBe(call.length);
    expect(f.calls.flat().filter((s) => s === 'x')).toHaveLength(3);
    expect(f.overlaps()).toBe(0);
  });

  it('appends each alone when a batch statement fails', async () => {
    const f = fakes({ manyFails: true });
    const answers = await Promise.all(['a', 'bb', 'ccc'].map((s) => f.append(request(s))));
    expect(f.calls).toEqual([['a'], ['bb', 'ccc'], ['bb'], ['ccc']]);
    expect(answers).toHaveLength(3);
  });
});
