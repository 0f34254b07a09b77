import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  MOVE_ON_MS,
  PAY_POLL_MS,
  payDialogMachine,
  type CheckPayAnswer,
  type PayDialogEvent,
  type PayTarget,
} from '../../../web/src/features/payment/pay-dialog.machine';

const target: PayTarget = { orderId: 10001, collageId: 0, money: 128.5, type: 1 };

/** Fake actors: checkPay answers from a script (the last answer repeats), the push channel is driven by the test. */
function open(answers: Array<CheckPayAnswer | Error>) {
  const clock = new SimulatedClock();
  const checks: PayTarget[] = [];
  const announced: string[] = [];
  let push: ((event: PayDialogEvent) => void) | null = null;
  let listening = false;
  const machine = payDialogMachine.provide({
    actors: {
      checkPay: fromPromise<CheckPayAnswer, PayTarget>(async ({ input }) => {
        checks.push(input);
        const answer = answers[Math.min(checks.length - 1, answers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      orderPush: fromCallback<PayDialogEvent, PayTarget>(({ sendBack }) => {
        push = sendBack;
        listening = true;
        return () => {
          listening = false;
        };
      }),
    },
    actions: {
      announcePaid: () => void announced.push('paid'),
      moveOn: ({ context }) => void announced.push(`move-on:${context.target.orderId}`),
      announceError: ({ context }) => void announced.push(`error:${context.error}`),
      announceCancelled: () => void announced.push('cancelled'),
    },
  });
  const actor = createActor(machine, { input: target, clock });
  actor.start();
  /** Lets the clock pass and the fake check answer (a resolved promise needs a turn of the microtask queue). */
  const wait = async (ms: number) => {
    clock.increment(ms);
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return {
    actor,
    checks,
    announced,
    wait,
    push: (event: PayDialogEvent) => push?.(event),
    listening: () => listening,
  };
}

describe('given the QR dialog just opened', () => {
  it('listens on the order channel and does not check before 3 seconds pass', async () => {
    const dialog = open([{ code: '' }]);
    await dialog.wait(PAY_POLL_MS - 1);
    expect(dialog.listening()).toBe(true);
    expect(dialog.checks).toEqual([]);
  });

  it('checks the payment every 3 seconds with the pay info', async () => {
    const dialog = open([{ code: '' }]);
    await dialog.wait(PAY_POLL_MS);
    await dialog.wait(PAY_POLL_MS);
    expect(dialog.checks).toEqual([target, target]);
    expect(dialog.actor.getSnapshot().matches({ open: { watch: 'waiting' } })).toBe(true);
  });
});

describe('given the order channel pushes SUCCESS before the first poll', () => {
  it('is paid by the push, announces once and never polls', async () => {
    const dialog = open([{ code: '' }]);
    dialog.push({ type: 'PUSHED', payload: { state: 2, paymentState: 1, code: 'SUCCESS' } });
    expect(dialog.actor.getSnapshot().value).toBe('paid');
    await dialog.wait(PAY_POLL_MS * 3);
    expect(dialog.actor.getSnapshot().context.paidBy).toBe('push');
    expect(dialog.announced).toEqual(['paid', 'move-on:10001']);
    expect(dialog.checks).toEqual([]);
    expect(dialog.listening()).toBe(false);
  });

  it('shows the success for 1 second before moving on', async () => {
    const dialog = open([{ code: '' }]);
    dialog.push({ type: 'PUSHED', payload: { code: 'SUCCESS' } });
    await dialog.wait(MOVE_ON_MS - 1);
    expect(dialog.announced).toEqual(['paid']);
    await dialog.wait(1);
    expect(dialog.actor.getSnapshot().value).toBe('done');
    expect(dialog.announced).toEqual(['paid', 'move-on:10001']);
  });

  it('ignores pushes that do not say SUCCESS', async () => {
    const dialog = open([{ code: '' }]);
    dialog.push({ type: 'PUSHED', payload: { state: 1, paymentState: 0 } });
    expect(dialog.actor.getSnapshot().matches('open')).toBe(true);
    expect(dialog.announced).toEqual([]);
  });
});

describe('given the websocket stays silent and the poll reports SUCCESS', () => {
  it('is paid by the poll and stops polling', async () => {
    const dialog = open([{ code: '' }, { code: 'SUCCESS' }]);
    await dialog.wait(PAY_POLL_MS);
    await dialog.wait(PAY_POLL_MS);
    await dialog.wait(PAY_POLL_MS * 2);
    expect(dialog.actor.getSnapshot().value).toBe('done');
    expect(dialog.actor.getSnapshot().context.paidBy).toBe('poll');
    expect(dialog.checks).toHaveLength(2);
    expect(dialog.announced).toEqual(['paid', 'move-on:10001']);
  });
});

describe('given a payment check fails', () => {
  it('stops polling and shows the message', async () => {
    const dialog = open([new Error('订单状态已变更')]);
    await dialog.wait(PAY_POLL_MS);
    await dialog.wait(PAY_POLL_MS * 2);
    expect(dialog.actor.getSnapshot().value).toBe('failed');
    expect(dialog.checks).toHaveLength(1);
    expect(dialog.announced).toEqual(['error:订单状态已变更']);
    expect(dialog.listening()).toBe(false);
  });

  it('closes without asking again', async () => {
    const dialog = open([new Error('订单状态已变更')]);
    await dialog.wait(PAY_POLL_MS);
    dialog.actor.send({ type: 'CLOSE' });
    expect(dialog.actor.getSnapshot().value).toBe('cancelled');
  });
});

describe('given the shopper closes the dialog', () => {
  it('asks 确认取消支付？ first and keeps watching meanwhile', async () => {
    const dialog = open([{ code: '' }]);
    dialog.actor.send({ type: 'CLOSE' });
    expect(dialog.actor.getSnapshot().matches({ open: { prompt: 'confirming' } })).toBe(true);
    await dialog.wait(PAY_POLL_MS);
    expect(dialog.checks).toHaveLength(1);
  });

  it('closes on confirmation, leaving the order unpaid, and stops listening', () => {
    const dialog = open([{ code: '' }]);
    dialog.actor.send({ type: 'CLOSE' });
    dialog.actor.send({ type: 'CONFIRM_CLOSE' });
    expect(dialog.actor.getSnapshot().value).toBe('cancelled');
    expect(dialog.announced).toEqual(['cancelled']);
    expect(dialog.listening()).toBe(false);
  });

  it('goes on waiting when the shopper keeps paying', () => {
    const dialog = open([{ code: '' }]);
    dialog.actor.send({ type: 'CLOSE' });
    dialog.actor.send({ type: 'KEEP_PAYING' });
    expect(dialog.actor.getSnapshot().matches({ open: { prompt: 'hidden' } })).toBe(true);
  });

  it('is paid when the push arrives while the question shows', () => {
    const dialog = open([{ code: '' }]);
    dialog.actor.send({ type: 'CLOSE' });
    dialog.push({ type: 'PUSHED', payload: { code: 'SUCCESS' } });
    expect(dialog.actor.getSnapshot().value).toBe('paid');
    expect(dialog.announced).toEqual(['paid']);
  });
});
