/** The review routes' links (spec §2): /evaluate?product=<order JSON>, /evaluateDetail and /addEvaluate ?data=. */
import { commentIdOf, evaluateOrderOf, evaluationLink } from '../../../web/src/features/review/review-params';

const order = {
  orderId: 42, collageId: 0, state: 4,
  skus: [
    { productId: 5, skuId: 51, productName: '卫衣', image: '/a.png', values: ['红色', 'L'], commentId: 0 },
    { productId: 6, skuId: 61, productName: '袜子', image: '/b.png', values: ['白色'], commentId: 9 },
  ],
};

describe('the order handed to /evaluate', () => {
  it('keeps only the lines still awaiting a review', () => {
    expect(evaluateOrderOf(JSON.stringify(order))?.skus.map((s) => s.skuId)).toEqual([51]);
  });

  it('answers null for a broken link or an order whose lines are all reviewed', () => {
    expect(evaluateOrderOf('{not json')).toBeNull();
    expect(evaluateOrderOf(null)).toBeNull();
    expect(evaluateOrderOf(JSON.stringify({ ...order, skus: [order.skus[1]] }))).toBeNull();
  });
});

describe('a serialized evaluation', () => {
  it('round-trips through the detail and append links', () => {
    const link = evaluationLink('/addEvaluate', 301);
    expect(link.startsWith('/addEvaluate?data=')).toBe(true);
    expect(commentIdOf(new URLSearchParams(link.split('?')[1]).get('data'))).toBe(301);
  });

  it('accepts a bare id and refuses anything else', () => {
    expect(commentIdOf('77')).toBe(77);
    expect(commentIdOf('{"commentId":0}')).toBeNull();
    expect(commentIdOf('abc')).toBeNull();
  });
});
