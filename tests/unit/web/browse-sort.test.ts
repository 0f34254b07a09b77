import { activeSortKey, chooseSort, defaultSort, sortQuery } from '../../../web/src/lib/catalog-ui/sort.model';

describe('given the default order', () => {
  it('sorts by price ascending (type 1) on the first 价格 click', () => {
    expect(chooseSort(defaultSort, 'price')).toEqual({ type: 1 });
  });

  it('sorts by sales ascending (volume 1) on the first 销量 click', () => {
    expect(chooseSort(defaultSort, 'sales')).toEqual({ volume: 1 });
  });

  it('sends empty type and volume', () => {
    expect(sortQuery(defaultSort)).toEqual({ type: '', volume: '' });
  });
});

describe('given a price sort', () => {
  it('turns to descending (type 2) on a repeated click, and back to ascending on the next', () => {
    const descending = chooseSort({ type: 1 }, 'price');
    expect(descending).toEqual({ type: 2 });
    expect(chooseSort(descending, 'price')).toEqual({ type: 1 });
  });

  it('clears the price order when sales is chosen', () => {
    expect(chooseSort({ type: 2 }, 'sales')).toEqual({ volume: 1 });
  });

  it('clears everything when 默认 is chosen', () => {
    expect(chooseSort({ type: 2 }, 'default')).toEqual({});
    expect(activeSortKey({})).toBe('default');
  });
});

describe('given a sales sort', () => {
  it('turns to descending (volume 2) on a repeated click and clears it when price is chosen', () => {
    expect(chooseSort({ volume: 1 }, 'sales')).toEqual({ volume: 2 });
    expect(chooseSort({ volume: 2 }, 'price')).toEqual({ type: 1 });
    expect(activeSortKey({ volume: 2 })).toBe('sales');
    expect(sortQuery({ volume: 2 })).toEqual({ type: '', volume: 2 });
  });
});
