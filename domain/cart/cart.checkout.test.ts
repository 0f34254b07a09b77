import { DomainError } from '../shared/errors';
import { selectedForCheckout, type CheckoutCandidate } from './cart.checkout';

const line = (skuId: number, over: Partial<CheckoutCandidate> = {}): CheckoutCandidate =>
  ({ skuId, number: 1, selected: true, onSale: true, stock: 5, ...over });
const messageOf = (lines: CheckoutCandidate[]): string | null => {
  try {
    selectedForCheckout(lines);
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.message : String(error);
  }
};

describe('a cart with selected lines on sale and in stock', () => {
  it('checks out only the selected lines', () => {
    expect(selectedForCheckout([line(1), line(2, { selected: false }), line(3, { number: 5 })]).map((l) => l.skuId)).toEqual([1, 3]);
  });
});

describe('a cart that cannot be checked out', () => {
  it('asks for a selection when none is selected', () => {
    expect(messageOf([line(1, { selected: false })])).toBe('请至少选中一件商品');
    expect(messageOf([])).toBe('请至少选中一件商品');
  });

  it('refuses a selected line off the shelf', () => {
    expect(messageOf([line(1), line(2, { onSale: false })])).toBe('选中的商品中有下架商品');
  });

  it('ignores an unselected line off the shelf', () => {
    expect(messageOf([line(1), line(2, { onSale: false, selected: false })])).toBeNull();
  });

  it('refuses a selected quantity above the stock', () => {
    expect(messageOf([line(1, { number: 6 })])).toBe('商品库存不足');
    expect(messageOf([line(1, { stock: 0 })])).toBe('商品库存不足');
  });
});
