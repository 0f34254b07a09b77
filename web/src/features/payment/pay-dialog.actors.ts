import { fromCallback, fromPromise } from 'xstate';
import { realtime } from '../../lib/realtime';
import { checkPay } from './api/check-pay';
import type { CheckPayAnswer, OrderPush, PayDialogEvent, PayTarget } from './pay-dialog.machine';

const asPush = (payload: unknown): OrderPush =>
  typeof payload === 'object' && payload !== null ? (payload as OrderPush) : {};

/** The dialog's real actors: the websocket channel `order:<id>` and the spec's pay check over HTTP. */
export const payDialogActors = {
  orderPush: fromCallback<PayDialogEvent, PayTarget>(({ sendBack, input }) =>
    realtime.subscribe(`order:${input.orderId}`, (payload) => sendBack({ type: 'PUSHED', payload: asPush(payload) })),
  ),
  checkPay: fromPromise<CheckPayAnswer, PayTarget>(({ input, signal }) => checkPay(input, signal)),
};
