/**
 * The conflict retry shared by the coupon claim and the hot-stream give-back: a lost race is asked again, anything
 * else is thrown at once, and the last try's conflict is thrown as it is.
 */
import { DomainError } from '../../../domain/shared/errors';
import { untilNoConflict } from '../../../services/commands/until-no-conflict';

const QUICK = { attempts: 4, initialMs: 1, maxMs: 2 };

/** Work that loses `races` races, then answers 'recorded'; counts its tries. */
function losing(races: number, then: () => Promise<string> = async () => 'recorded') {
  const tries = { count: 0 };
  const work = async () => {
    tries.count += 1;
    if (tries.count <= races) throw new DomainError('concurrency');
    return then();
  };
  return { tries, work };
}

describe('untilNoConflict', () => {
  it('asks again after lost races and answers what the winning try answered', async () => {
    const { tries, work } = losing(3);
    await expect(untilNoConflict(work, QUICK)).resolves.toBe('recorded');
    expect(tries.count).toBe(4);
  });

  it('throws the conflict of the last try when every try lost', async () => {
    const { tries, work } = losing(10);
    await expect(untilNoConflict(work, QUICK)).rejects.toMatchObject({ errorName: 'concurrency' });
    expect(tries.count).toBe(4);
  });

  it('throws any other refusal at once, without asking again', async () => {
    const { tries, work } = losing(1, async () => { throw new DomainError('couponSoldOut'); });
    await expect(untilNoConflict(work, QUICK)).rejects.toMatchObject({ errorName: 'couponSoldOut' });
    expect(tries.count).toBe(2);
    const broken = losing(0, async () => { throw new Error('database down'); });
    await expect(untilNoConflict(broken.work, QUICK)).rejects.toThrow('database down');
    expect(broken.tries.count).toBe(1);
  });
});
