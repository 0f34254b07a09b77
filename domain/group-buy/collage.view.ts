import type { SnapshotFrom } from 'xstate';
import { collageMachine, paidMembers } from './collage.machine';

/** Group data the API shows (spec §3 "Group data", origin collageDetail). */
export type CollageStateNumber = 0 | 1 | 2;

export const collageStateNames: Record<CollageStateNumber, string> = { 0: '待成团', 1: '拼团成功', 2: '拼团失败' };

type CollageSnapshot = SnapshotFrom<typeof collageMachine>;

export function collageStateNumber(snapshot: CollageSnapshot): CollageStateNumber | null {
  if (snapshot.matches('forming')) return 0;
  if (snapshot.matches('succeeded')) return 1;
  if (snapshot.matches('failed')) return 2;
  return null;
}

export interface CollageView {
  collageId: number;
  state: CollageStateNumber;
  /** group size */
  person: number;
  /** members still missing (places not yet paid for) */
  people: number;
  /** ms until the deadline while forming, else 0 */
  time: number;
  openedAt: string;
  deadline: string;
  /** the leader first, then the members who paid, in paying order */
  personList: Array<{ id: number; headImage: string }>;
}

export function collageView(snapshot: CollageSnapshot, now: Date): CollageView | null {
  const state = collageStateNumber(snapshot);
  const c = snapshot.context;
  if (state === null || !c.collage) return null;
  const [leader, ...others] = c.members;
  const paidOthers = others.filter((m) => m.paidAt !== null)
    .sort((a, b) => Date.parse(a.paidAt ?? '') - Date.parse(b.paidAt ?? ''));
  return {
    collageId: c.collage.collageId,
    state,
    person: c.collage.size,
    people: state === 1 ? 0 : Math.max(0, c.collage.size - paidMembers(c).length),
    time: state === 0 ? Math.max(0, Date.parse(c.collage.deadline) - now.getTime()) : 0,
    openedAt: c.collage.openedAt,
    deadline: c.collage.deadline,
    personList: [...(leader ? [leader] : []), ...paidOthers].map((m) => ({ id: m.userId, headImage: m.headImage })),
  };
}
