/**
 * Every list a request carries is bounded (issue 13 item 6): a batch delete, an after-sale's goods, a review's
 * entries. One over the bound is refused with a message naming the field; the bound itself is accepted.
 */
import { AfterSaleForm, MAX_ORDER_LINES } from '../../../domain/rules/after-sale.rule';
import { ReviewSubmission } from '../../../domain/rules/review.rule';
import { DeleteQuestions, MAX_SELECTED_IDS } from '../../../domain/rules/selection.rule';

const many = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('bounded request lists', () => {
  it('a batch delete takes at most 200 ids', () => {
    expect(DeleteQuestions.safeParse({ ids: many(MAX_SELECTED_IDS, (i) => i + 1) }).success).toBe(true);
    expect(firstMessage(DeleteQuestions.safeParse({ ids: many(MAX_SELECTED_IDS + 1, (i) => i + 1) }))).toBe('参数 ids 无效：一次最多选择200项');
  });

  it('an after-sale names at most 100 goods', () => {
    const form = (n: number) => ({
      orderId: 1, afterType: 1, goodsState: 0, returnReason: '多拍/拍错/不想要', image: '', skus: many(n, (i) => ({ skuId: i + 1, number: 1 })),
    });
    expect(AfterSaleForm.safeParse(form(MAX_ORDER_LINES)).success).toBe(true);
    expect(firstMessage(AfterSaleForm.safeParse(form(MAX_ORDER_LINES + 1)))).toBe('参数 skus 无效：最多100件商品');
  });

  it('a review carries at most 100 entries', () => {
    const entry = (i: number) => ({ orderId: 1, productId: 1, skuId: i + 1, comment: '好', image: '' });
    expect(ReviewSubmission.safeParse({ params: many(100, entry) }).success).toBe(true);
    expect(firstMessage(ReviewSubmission.safeParse({ params: many(101, entry) }))).toBe('参数 params 无效：最多100条');
  });
});
