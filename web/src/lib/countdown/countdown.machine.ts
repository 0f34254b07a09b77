import { assign, setup } from 'xstate';

/**
 * A countdown to a deadline (spec §4: activity and group countdowns tick each second). Time comes in with each
 * TICK, so the machine stays pure and a test drives it with any clock. A countdown that is already under one
 * second when it starts is `expired` (nothing to announce); one that runs out while watched is `ended`, whose
 * entry announces the end (活动已结束, or a reload) once.
 */
export interface CountdownContext {
  deadline: number;
  remaining: number;
}

export interface CountdownInput {
  deadline: number;
  now: number;
}

export type CountdownEvent = { type: 'TICK'; now: number } | { type: 'RESTART'; deadline: number; now: number };

/** Spec §4: under 1 second left counts as over. */
export const END_THRESHOLD_MS = 1000;

const left = (deadline: number, now: number) => Math.max(0, deadline - now);

export const countdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    input: {} as CountdownInput,
  },
  actions: {
    announceEnd: () => undefined,
  },
  guards: {
    underThreshold: ({ context }) => context.remaining < END_THRESHOLD_MS,
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ deadline: input.deadline, remaining: left(input.deadline, input.now) }),
  initial: 'starting',
  on: {
    RESTART: {
      target: '.starting',
      actions: assign(({ event }) => ({ deadline: event.deadline, remaining: left(event.deadline, event.now) })),
    },
  },
  states: {
    starting: {
      always: [{ guard: 'underThreshold', target: 'expired' }, { target: 'running' }],
    },
    running: {
      on: {
        TICK: {
          target: 'checking',
          actions: assign(({ context, event }) => ({ remaining: left(context.deadline, event.now) })),
        },
      },
    },
    checking: {
      always: [{ guard: 'underThreshold', target: 'ended' }, { target: 'running' }],
    },
    ended: { entry: 'announceEnd' },
    expired: {},
  },
});

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
