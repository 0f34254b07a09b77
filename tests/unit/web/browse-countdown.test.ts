import { createActor } from 'xstate';
import { countdownMachine, formatCountdown } from '../../../web/src/lib/countdown/countdown.machine';

function start(deadline: number, now: number) {
  const announced: number[] = [];
  const actor = createActor(
    countdownMachine.provide({ actions: { announceEnd: ({ context }) => void announced.push(context.remaining) } }),
    { input: { deadline, now } },
  );
  actor.start();
  return { actor, announced };
}

describe('given an activity ending in 3 seconds', () => {
  it('ticks down each second while running', () => {
    const { actor } = start(10_000, 7_000);
    expect(actor.getSnapshot().value).toBe('running');
    actor.send({ type: 'TICK', now: 8_000 });
    expect(actor.getSnapshot().context.remaining).toBe(2_000);
    expect(actor.getSnapshot().value).toBe('running');
  });

  it('ends and announces once when under 1 second is left', () => {
    const { actor, announced } = start(10_000, 7_000);
    actor.send({ type: 'TICK', now: 9_200 });
    expect(actor.getSnapshot().value).toBe('ended');
    actor.send({ type: 'TICK', now: 9_900 });
    expect(announced).toEqual([800]);
  });
});

describe('given an activity already over when shown', () => {
  it('is expired and announces nothing', () => {
    const { actor, announced } = start(10_000, 9_500);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(announced).toEqual([]);
  });
});

describe('given reloaded data with a new deadline', () => {
  it('runs again from the new remaining time', () => {
    const { actor } = start(10_000, 9_500);
    actor.send({ type: 'RESTART', deadline: 70_000, now: 10_000 });
    expect(actor.getSnapshot().value).toBe('running');
    expect(actor.getSnapshot().context.remaining).toBe(60_000);
  });
});

describe('given remaining times to show', () => {
  it('formats hh:mm:ss, with days in front past one day', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(93_784_000)).toBe('1天 02:03:04');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
