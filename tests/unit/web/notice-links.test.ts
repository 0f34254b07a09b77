/** Where a notice leads (spec §4 jump codes; 3 is the after-sale letters' own). */
import { noticeHref } from '../../../web/src/features/notice/notice.model';

describe('a notice in 我的消息', () => {
  it('opens its detail for jump 0 and 1', () => {
    expect(noticeHref({ noticeId: 7, jump: 0, only: 0 })).toBe('/notificationDetails?id=7');
    expect(noticeHref({ noticeId: 7, jump: 1, only: 12 })).toBe('/notificationDetails?id=7');
  });

  it('opens the order for jump 2 and the after-sale for jump 3', () => {
    expect(noticeHref({ noticeId: 7, jump: 2, only: 10001 })).toBe('/orderDetail?orderId=10001&noticeId=7');
    expect(noticeHref({ noticeId: 8, jump: 3, only: 50001 })).toBe('/afterSale?state=2&afterId=50001');
  });
});
