import { assign, fromPromise, setup } from 'xstate';

/** Spec §9: the phone-change code button counts down 60 s. */
export const PHONE_CODE_SECONDS = 60;
export const PHONE_CODE_TICK_MS = 1000;

export interface PhoneChangeContext {
  /** Seconds before another code may be asked for in the current step; 0 when ready. */
  remaining: number;
  /** The phone the last code went to in this step. */
  codePhone: string;
  /** The phone bound at the end (step 2 shows it). */
  newPhone: string;
}

export type PhoneChangeEvent =
  | { type: 'SEND_CODE'; phone: string }
  | { type: 'SUBMIT'; phone: string; code: string };

export interface CodeInput { phone: string }
export interface SubmitInput { phone: string; code: string }

const missing = <Input>(name: string) => fromPromise<void, Input>(async () => {
  throw new Error(`phoneChangeMachine: provide the ${name} actor`);
});

/** The code button of one step: ready → sending → counting 60 → 1 → ready (same in steps 0 and 1). */
const CODE_REGION = {
  initial: 'ready',
  states: {
    ready: { on: { SEND_CODE: { target: 'sending', actions: 'rememberCodePhone' } } },
    sending: {
      invoke: { src: 'sendCode', input: ({ context }: { context: PhoneChangeContext }) => ({ phone: context.codePhone }), onDone: { target: 'counting', actions: 'startCountdown' }, onError: 'ready' },
    },
    counting: {
      after: { tick: [{ guard: 'lastSecond', target: 'ready', actions: 'stopCountdown' }, { target: 'counting', reenter: true, actions: 'tickDown' }] },
    },
  },
} as const;

/**
 * 更换手机号 (spec §4 phone change steps: 0 identity check, 1 new number, 2 done). In steps 0 and 1 two things run side
 * by side: the code button (`ready` → `sending` → `counting` 60 → 1 → `ready`) and the form (`editing` → `submitting`).
 * Step 0 submits the current phone's code (`checkUser`), step 1 the new phone and its code (`bindPhone`); a success moves
 * to the next step with a fresh code button, a failure leaves the shopper in the step to try again. The screen provides
 * the actors (the API calls, with their messages).
 */
export const phoneChangeMachine = setup({
  types: { context: {} as PhoneChangeContext, events: {} as PhoneChangeEvent },
  actors: {
    sendCode: missing<CodeInput>('sendCode'),
    checkUser: missing<SubmitInput>('checkUser'),
    bindPhone: missing<SubmitInput>('bindPhone'),
  },
  actions: {
    rememberCodePhone: assign({ codePhone: ({ event }) => (event.type === 'SEND_CODE' ? event.phone : '') }),
    startCountdown: assign({ remaining: PHONE_CODE_SECONDS }),
    stopCountdown: assign({ remaining: 0 }),
    tickDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
  delays: { tick: PHONE_CODE_TICK_MS },
  guards: { lastSecond: ({ context }) => context.remaining <= 1 },
}).createMachine({
  id: 'phoneChange',
  initial: 'identity',
  context: { remaining: 0, codePhone: '', newPhone: '' },
  states: {
    identity: {
      type: 'parallel',
      states: {
        code: CODE_REGION,
        form: {
          initial: 'editing',
          states: {
            editing: { on: { SUBMIT: 'submitting' } },
            submitting: {
              invoke: {
                src: 'checkUser',
                input: ({ event }) => (event.type === 'SUBMIT' ? { phone: event.phone, code: event.code } : { phone: '', code: '' }),
                onDone: { target: '#phoneChange.newPhone', actions: assign({ remaining: 0, codePhone: '' }) },
                onError: 'editing',
              },
            },
          },
        },
      },
    },
    newPhone: {
      type: 'parallel',
      states: {
        code: CODE_REGION,
        form: {
          initial: 'editing',
          states: {
            editing: { on: { SUBMIT: 'submitting' } },
            submitting: {
              entry: assign({ newPhone: ({ event }) => (event.type === 'SUBMIT' ? event.phone : '') }),
              invoke: {
                src: 'bindPhone',
                input: ({ event }) => (event.type === 'SUBMIT' ? { phone: event.phone, code: event.code } : { phone: '', code: '' }),
                onDone: '#phoneChange.done',
                onError: 'editing',
              },
            },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

/** The step number of spec §4 (0, 1, 2) for the antd Steps. */
export const stepOf = (value: unknown): 0 | 1 | 2 => {
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0];
  return top === 'identity' ? 0 : top === 'newPhone' ? 1 : 2;
};
