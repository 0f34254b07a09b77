import { formatMoney, maskPhone } from '../../../web/src/lib/format';

describe('given money in yuan', () => {
  it.each([
    [0, '0.00'],
    [0.1, '0.10'],
    [1234567.8, '1,234,567.80'],
    [999.99, '999.99'],
    [-12.5, '-12.50'],
  ])('shows %p as %s', (yuan, shown) => {
    expect(formatMoney(yuan)).toBe(shown);
  });
});

describe('given a phone number', () => {
  it('keeps the first 3 characters and those from position 7', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('masks what there is of a short value', () => {
    expect(maskPhone('13812')).toBe('138**');
  });
});
