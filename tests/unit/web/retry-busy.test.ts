import { ApiError } from '../../../web/src/lib/api-client';
import { retryingBusy } from '../../../web/src/lib/retry-busy';

const busy = () => new ApiError('503', '服务繁忙，请稍后重试', 503);
const sleeps: number[] = [];
const sleep = async (ms: number) => { sleeps.push(ms); };

beforeEach(() => { sleeps.length = 0; });

describe('a read the server answers busy (503) while its read models catch up (issue 29)', () => {
  it('is asked again, waiting longer each time, and answers once the server does', async () => {
    let calls = 0;
    const order = await retryingBusy(async () => { calls += 1; if (calls < 3) throw busy(); return { orderId: 7 }; }, undefined, { sleep });
    expect(order).toEqual({ orderId: 7 });
    expect(calls).toBe(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('shows the error after a few attempts', async () => {
    let calls = 0;
    await expect(retryingBusy(async () => { calls += 1; throw busy(); }, undefined, { sleep, attempts: 4 })).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(4);
  });

  it('does not retry 订单不存在 or any other answer', async () => {
    let calls = 0;
    await expect(retryingBusy(async () => { calls += 1; throw new ApiError('400101', '订单不存在'); }, undefined, { sleep }))
      .rejects.toMatchObject({ code: '400101' });
    expect(calls).toBe(1);
  });

  it('stops when the page moved on (aborted)', async () => {
    const controller = new AbortController();
    let calls = 0;
    const load = async () => { calls += 1; controller.abort(); throw busy(); };
    await expect(retryingBusy(load, controller.signal, { sleep })).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(1);
  });
});
