import { assign, fromPromise, setup } from 'xstate';
import { PHONE_PATTERN } from '../../../../domain/rules/phone.rule';

/** Spec §9: the login screen's code button counts down 120 s, one tick a second. */
export const CODE_COUNTDOWN_SECONDS = 120;
export const CODE_COUNTDOWN_TICK_MS = 1000;

export interface CodeCountdownContext {
  /** The phone the last code went to. */
  phone: string;
  /** Seconds left before another code may be asked for; 0 when ready. */
  remaining: number;
}

export type CodeCountdownEvent = { type: 'REQUEST'; phone: string };

/**
 * The get-code button (spec §2 Login screen, §4: the button hides during its countdown). `ready` shows the button;
 * a REQUEST with a valid number moves to `sending` while `sendCode` runs (provided by the screen: the API call);
 * its success starts `counting` 120 → 1, each second re-entering the state; at the end the button is back. A failed
 * send goes back to `ready` at once, so the shopper can try again.
 */
export const codeCountdownMachine = setup({
  types: {
    context: {} as CodeCountdownContext,
    events: {} as CodeCountdownEvent,
  },
  actors: {
    sendCode: fromPromise<void, { phone: string }>(async () => {
      throw new Error('codeCountdownMachine: provide the sendCode actor');
    }),
  },
  delays: {
    tick: CODE_COUNTDOWN_TICK_MS,
  },
  guards: {
    validPhone: ({ event }) => PHONE_PATTERN.test(event.phone.trim()),
    lastSecond: ({ context }) => context.remaining <= 1,
  },
}).createMachine({
  id: 'codeCountdown',
  initial: 'ready',
  context: { phone: '', remaining: 0 },
  states: {
    ready: {
      on: {
        REQUEST: { guard: 'validPhone', target: 'sending', actions: assign({ phone: ({ event }) => event.phone.trim() }) },
      },
    },
    sending: {
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: { target: 'counting', actions: assign({ remaining: CODE_COUNTDOWN_SECONDS }) },
        onError: { target: 'ready' },
      },
    },
    counting: {
      after: {
        tick: [
          { guard: 'lastSecond', target: 'ready', actions: assign({ remaining: 0 }) },
          { target: 'counting', reenter: true, actions: assign({ remaining: ({ context }) => context.remaining - 1 }) },
        ],
      },
    },
  },
});
