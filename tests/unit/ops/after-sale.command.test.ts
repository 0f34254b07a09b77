import { formatAfterSale, parseAfterSaleArgs } from '../../../services/ops/after-sale.command';

describe('npm run ops -- after-sale', () => {
  it('reads a verb and an after-sale id', () => {
    expect(parseAfterSaleArgs(['agree', '50001'])).toEqual({ kind: 'after-sale', verb: 'agree', afterId: 50001 });
  });

  it('reads the reason and the platform ruling', () => {
    expect(parseAfterSaleArgs(['refuse', '7', '--reason', '商品已使用'])).toMatchObject({ verb: 'refuse', reason: '商品已使用' });
    expect(parseAfterSaleArgs(['platform-decide', '7', '--approve', 'no'])).toMatchObject({ verb: 'platform-decide', approve: false });
  });

  it.each([
    [['fly', '7']], [['agree']], [['agree', 'x']], [['refuse', '7']], [['reject-damaged', '7']],
    [['platform-decide', '7']], [['platform-decide', '7', '--approve', 'maybe']], [['agree', '7', '--colour', 'red']],
  ])('refuses %j', (args) => {
    expect(parseAfterSaleArgs(args)).toBeNull();
  });

  it('tells the state it reached in words', () => {
    expect(formatAfterSale({ afterId: 7, afterState: 5 })).toBe('after-sale 7 is now 5 退款失败');
  });
});
