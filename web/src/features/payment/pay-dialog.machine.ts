import { assign, fromCallback, fromPromise, setup } from 'xstate';

/** Spec §4/§9: while the QR shows, the payment check is polled every 3 seconds. */
export const PAY_POLL_MS = 3000;
/** Spec §9: after a success the screen moves on after 1 s (the shopper sees 支付成功！ first). */
export const MOVE_ON_MS = 1000;
export const PAID_CODE = 'SUCCESS';

/** What the dialog pays for (spec §3 Pay info); `type` 1 at place order, 2 at order detail / my orders (spec §7). */
export interface PayTarget {
  orderId: number;
  collageId: number;
  money: number;
  type: 1 | 2;
}

/** `GET /order/checkPay` data: `code` SUCCESS once paid, anything else means not yet. */
export interface CheckPayAnswer {
  code: string;
}

/** What `order:<id>` pushes (DESIGN.md §9): the new state and, once paid, code SUCCESS. */
export interface OrderPush {
  state?: number;
  paymentState?: number;
  code?: string;
}

export type PaidBy = 'push' | 'poll';

export interface PayDialogContext {
  target: PayTarget;
  paidBy: PaidBy | null;
  error: string | null;
}

export type PayDialogEvent =
  | { type: 'PUSHED'; payload: OrderPush }
  | { type: 'CLOSE' }
  | { type: 'CONFIRM_CLOSE' }
  | { type: 'KEEP_PAYING' };

const errorText = (error: unknown): string =>
  error instanceof Error && error.message !== '' ? error.message : '支付状态查询失败';

/**
 * The WeChat QR dialog (spec §4 Payment). While `open` the QR shows; two regions run side by side:
 * - `watch`: listens on `order:<id>` (the `orderPush` actor, the websocket) and polls `checkPay` every 3 s as the
 *   fallback. SUCCESS by either way ends in `paid` (polling stops: the state is left); a failed check ends in
 *   `failed` with its message (polling stops too).
 * - `prompt`: closing asks 确认取消支付？; confirming ends in `cancelled` (the order stays 待付款), keeping on goes back.
 * A push that arrives while the close prompt shows still wins: the shopper paid. `paid` shows 支付成功！ and moves on
 * (`done`) 1 s later. `announcePaid` (toast, cart refresh), `moveOn` (to the order detail), `announceError` and
 * `announceCancelled` are the screen's effects.
 */
export const payDialogMachine = setup({
  types: {
    context: {} as PayDialogContext,
    events: {} as PayDialogEvent,
    input: {} as PayTarget,
  },
  actors: {
    checkPay: fromPromise<CheckPayAnswer, PayTarget>(async () => {
      throw new Error('payDialogMachine: provide the checkPay actor');
    }),
    orderPush: fromCallback<PayDialogEvent, PayTarget>(() => {
      throw new Error('payDialogMachine: provide the orderPush actor');
    }),
  },
  actions: {
    announcePaid: () => undefined,
    moveOn: () => undefined,
    announceError: () => undefined,
    announceCancelled: () => undefined,
  },
  delays: {
    poll: PAY_POLL_MS,
    moveOn: MOVE_ON_MS,
  },
  guards: {
    pushedPaid: ({ event }) => event.type === 'PUSHED' && event.payload.code === PAID_CODE,
  },
}).createMachine({
  id: 'payDialog',
  context: ({ input }) => ({ target: input, paidBy: null, error: null }),
  initial: 'open',
  states: {
    open: {
      type: 'parallel',
      invoke: { src: 'orderPush', input: ({ context }) => context.target },
      on: {
        PUSHED: { guard: 'pushedPaid', target: 'paid', actions: assign({ paidBy: 'push' }) },
      },
      states: {
        watch: {
          initial: 'waiting',
          states: {
            waiting: { after: { poll: 'checking' } },
            checking: {
              invoke: {
                src: 'checkPay',
                input: ({ context }) => context.target,
                onDone: [
                  { guard: ({ event }) => event.output.code === PAID_CODE, target: '#payDialog.paid', actions: assign({ paidBy: 'poll' }) },
                  { target: 'waiting' },
                ],
                onError: { target: '#payDialog.failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
              },
            },
          },
        },
        prompt: {
          initial: 'hidden',
          states: {
            hidden: { on: { CLOSE: 'confirming' } },
            confirming: {
              on: {
                CONFIRM_CLOSE: '#payDialog.cancelled',
                KEEP_PAYING: 'hidden',
              },
            },
          },
        },
      },
    },
    paid: { entry: 'announcePaid', after: { moveOn: 'done' } },
    done: { type: 'final', entry: 'moveOn' },
    failed: {
      entry: 'announceError',
      // Nothing is in progress any more: closing needs no confirmation.
      on: { CLOSE: 'cancelled' },
    },
    cancelled: { type: 'final', entry: 'announceCancelled' },
  },
});
