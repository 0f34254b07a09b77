import { RecentPushes } from '../../../services/realtime/recent-pushes';

const at = (commit: number, prepare = commit) => ({ commit: BigInt(commit), prepare: BigInt(prepare) });
const push = (channel: string, commit: number) => ({ channel, position: at(commit), text: `${channel}@${commit}` });

describe('the pushes an instance keeps for sockets coming back', () => {
  it('knows nothing before its feed said where it starts', () => {
    const recent = new RecentPushes();
    expect(recent.since('order:1', at(5))).toBeNull();
  });

  it('gives a channel\'s pushes after the position, in order, from the start of the feed on', () => {
    const recent = new RecentPushes();
    recent.startAt(at(10));
    [push('order:1', 11), push('order:2', 12), push('order:1', 13)].forEach((p) => recent.add(p));
    expect(recent.since('order:1', at(10))?.map((p) => p.text)).toEqual(['order:1@11', 'order:1@13']);
    expect(recent.since('order:1', at(11))?.map((p) => p.text)).toEqual(['order:1@13']);
    expect(recent.since('order:1', at(13))).toEqual([]);
  });

  it('cannot tell what happened before the feed started: the client refetches', () => {
    const recent = new RecentPushes();
    recent.startAt(at(10));
    expect(recent.since('order:1', at(9))).toBeNull();
  });

  it('cannot tell what the bounded buffer let go', () => {
    const recent = new RecentPushes(2);
    recent.startAt(null);
    [push('order:1', 1), push('order:1', 2), push('order:1', 3)].forEach((p) => recent.add(p));
    expect(recent.since('order:1', at(0))).toBeNull();
    expect(recent.since('order:1', at(1))?.map((p) => p.text)).toEqual(['order:1@2', 'order:1@3']);
  });
});
