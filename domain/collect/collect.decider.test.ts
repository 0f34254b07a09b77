import { given } from '../../tests/unit/support/decider-spec';
import { collectDecider, findCollect } from './collect.decider';
import type { CollectEvent } from './collect.events';

const NOW = new Date('2025-06-01T04:00:00.000Z');
const shopCollected = (collectId: number, shopId: number): CollectEvent =>
  ({ type: 'ShopCollected', data: { collectId, userId: 5, shopId } });
const productCollected = (collectId: number, productId: number, shopId = 3): CollectEvent =>
  ({ type: 'ProductCollected', data: { collectId, userId: 5, productId, shopId } });

describe('a shopper with no favourites', () => {
  it('collects a shop under the given collect id', () => {
    const outcome = given(collectDecider, []).when({ type: 'CollectShop', data: { userId: 5, shopId: 3, collectId: 40 } }, NOW);
    expect(outcome.events).toEqual([{ type: 'ShopCollected', data: { userId: 5, shopId: 3, collectId: 40 } }]);
  });

  it('collects a product with its shop', () => {
    const outcome = given(collectDecider, [])
      .when({ type: 'CollectProduct', data: { userId: 5, productId: 9, shopId: 3, collectId: 41 } }, NOW);
    expect(outcome.events).toEqual([{ type: 'ProductCollected', data: { userId: 5, productId: 9, shopId: 3, collectId: 41 } }]);
  });
});

describe('a shopper who already collected the shop and a product', () => {
  const history = [shopCollected(40, 3), productCollected(41, 9)];

  it('records nothing when the shop is collected again, and the first collect id stays', () => {
    const { state, when } = given(collectDecider, history);
    expect(when({ type: 'CollectShop', data: { userId: 5, shopId: 3, collectId: 77 } }, NOW).events).toEqual([]);
    expect(findCollect(state, { shopId: 3 })?.collectId).toBe(40);
  });

  it('tells a shop collect from a product collect of the same shop', () => {
    const { state } = given(collectDecider, history);
    expect(findCollect(state, { productId: 9 })?.collectId).toBe(41);
    expect(findCollect(state, { productId: 3 })).toBeNull();
  });

  it('cancels both by id with the matching events, a repeated id once', () => {
    const outcome = given(collectDecider, history).when({ type: 'CancelCollects', data: { userId: 5, ids: [41, 40, 41] } }, NOW);
    expect(outcome.events).toEqual([
      { type: 'ProductUncollected', data: { collectId: 41, userId: 5, productId: 9, shopId: 3 } },
      { type: 'ShopUncollected', data: { collectId: 40, userId: 5, shopId: 3 } },
    ]);
  });

  it('answers 收藏不存在 and cancels nothing when one id is not held (another shopper\'s, or cancelled already)', () => {
    const outcome = given(collectDecider, history).when({ type: 'CancelCollects', data: { userId: 5, ids: [41, 999] } }, NOW);
    expect(outcome.events).toEqual([]);
    expect(outcome.rejection?.code).toBe('700102');
    expect(outcome.rejection?.message).toBe('收藏不存在或已取消');
  });

  it('can collect the shop again after cancelling', () => {
    const after = [...history, { type: 'ShopUncollected', data: { collectId: 40, userId: 5, shopId: 3 } } as CollectEvent];
    const outcome = given(collectDecider, after).when({ type: 'CollectShop', data: { userId: 5, shopId: 3, collectId: 42 } }, NOW);
    expect(outcome.events).toEqual([{ type: 'ShopCollected', data: { userId: 5, shopId: 3, collectId: 42 } }]);
  });
});
