import { assign, fromPromise, setup } from 'xstate';
import type { applicationOf } from './after-sale-apply.model';

/** Spec §4/§9: after 售后申请成功 the screen goes to the after-sale list 1 s later. */
export const MOVE_ON_MS = 1000;

export type Application = ReturnType<typeof applicationOf>;

export type ApplyEvent = { type: 'SUBMIT'; application: Application };

const errorText = (error: unknown): string =>
  (error instanceof Error && error.message !== '' ? error.message : '售后申请失败');

/**
 * The apply form (spec §2 After-sale apply mode): `editing` until a complete form is submitted; `submitting` sends it
 * once (the button shows busy, a second click is ignored); a refusal goes back to editing with its message
 * (`announceError`); a success shows 售后申请成功 (`announceSubmitted`) and moves on (`moveOn`) 1 s later.
 */
export const applyMachine = setup({
  types: { context: {} as { error: string | null }, events: {} as ApplyEvent },
  actors: {
    submit: fromPromise<unknown, Application>(async () => {
      throw new Error('applyMachine: provide the submit actor');
    }),
  },
  actions: {
    announceSubmitted: () => undefined,
    announceError: () => undefined,
    moveOn: () => undefined,
  },
  delays: { moveOn: MOVE_ON_MS },
}).createMachine({
  id: 'afterSaleApply',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: { on: { SUBMIT: 'submitting' } },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ event }) => (event as ApplyEvent).application,
        onDone: 'submitted',
        onError: { target: 'editing', actions: [assign({ error: ({ event }) => errorText(event.error) }), 'announceError'] },
      },
    },
    submitted: { entry: 'announceSubmitted', after: { moveOn: 'done' } },
    done: { type: 'final', entry: 'moveOn' },
  },
});
