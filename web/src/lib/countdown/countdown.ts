/**
 * A countdown to a deadline (spec §4: activity and group countdowns tick each second), as a pure reducer: time comes
 * in with each TICK, so a test drives it with any clock. A countdown that is already under one second when it starts
 * is `expired` (nothing to announce); one that runs out while watched is `ended` — the one change its hook announces
 * (活动已结束, or a reload). A plain reducer rather than an xstate machine: it is a display timer, not a lifecycle,
 * and the home page's countdowns would otherwise load xstate (13 kB gzip) before its first paint.
 */
export type CountdownStatus = 'running' | 'ended' | 'expired';

export interface CountdownState {
  status: CountdownStatus;
  deadline: number;
  remaining: number;
}

export type CountdownEvent = { type: 'TICK'; now: number } | { type: 'RESTART'; deadline: number; now: number };

/** Spec §4: under 1 second left counts as over. */
export const END_THRESHOLD_MS = 1000;

const left = (deadline: number, now: number) => Math.max(0, deadline - now);

/** A countdown shown at `now`: running, or expired when under the threshold already. */
export function startCountdown(deadline: number, now: number): CountdownState {
  const remaining = left(deadline, now);
  return { status: remaining < END_THRESHOLD_MS ? 'expired' : 'running', deadline, remaining };
}

/** TICK moves a running countdown on (to `ended` under the threshold); RESTART starts it again on a new deadline. */
export function countdownReducer(state: CountdownState, event: CountdownEvent): CountdownState {
  switch (event.type) {
    case 'RESTART':
      return startCountdown(event.deadline, event.now);
    case 'TICK': {
      if (state.status !== 'running') return state;
      const remaining = left(state.deadline, event.now);
      return { ...state, status: remaining < END_THRESHOLD_MS ? 'ended' : 'running', remaining };
    }
  }
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => n.toString().padStart(2, '0');

/** 93784000 → "1天 02:03:04"; under a day "02:03:04". */
export function formatCountdown(ms: number): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days}天 ${clock}` : clock;
}
