import { countdownReducer, formatCountdown, startCountdown } from '../../../web/src/lib/countdown/countdown';

describe('given an activity ending in 3 seconds', () => {
  it('ticks down each second while running', () => {
    const shown = startCountdown(10_000, 7_000);
    expect(shown.status).toBe('running');
    const ticked = countdownReducer(shown, { type: 'TICK', now: 8_000 });
    expect(ticked).toMatchObject({ status: 'running', remaining: 2_000 });
  });

  it('ends when under 1 second is left, and later ticks change nothing (the end is announced once)', () => {
    const ended = countdownReducer(startCountdown(10_000, 7_000), { type: 'TICK', now: 9_200 });
    expect(ended).toMatchObject({ status: 'ended', remaining: 800 });
    expect(countdownReducer(ended, { type: 'TICK', now: 9_900 })).toBe(ended);
  });
});

describe('given an activity already over when shown', () => {
  it('is expired, and ticks never make it end (nothing to announce)', () => {
    const shown = startCountdown(10_000, 9_500);
    expect(shown.status).toBe('expired');
    expect(countdownReducer(shown, { type: 'TICK', now: 11_000 })).toBe(shown);
  });
});

describe('given reloaded data with a new deadline', () => {
  it('runs again from the new remaining time', () => {
    const restarted = countdownReducer(startCountdown(10_000, 9_500), { type: 'RESTART', deadline: 70_000, now: 10_000 });
    expect(restarted).toMatchObject({ status: 'running', remaining: 60_000 });
  });

  it('ends again after a restart', () => {
    const ended = countdownReducer(startCountdown(10_000, 7_000), { type: 'TICK', now: 9_500 });
    const restarted = countdownReducer(ended, { type: 'RESTART', deadline: 20_000, now: 10_000 });
    expect(countdownReducer(restarted, { type: 'TICK', now: 19_500 }).status).toBe('ended');
  });
});

describe('given remaining times to show', () => {
  it('formats hh:mm:ss, with days in front past one day', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(93_784_000)).toBe('1天 02:03:04');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});
