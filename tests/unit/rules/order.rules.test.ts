import { AfterSaleForm, PlatformInterventionForm } from '../../../domain/rules/after-sale.rule';
import { CartCheckout, CartDeleteSelected, cartQuantityRule, InStock } from '../../../domain/rules/cart.rule';
import { CancelFavourites, DeleteAnswers, DeleteFootprints, DeleteQuestions } from '../../../domain/rules/selection.rule';
import { SubmitOrderChoices } from '../../../domain/rules/submit-order.rule';
import { ReturnLogisticsForm } from '../../../domain/rules/waybill.rule';
import { messageOf, messagesOf } from './rules.support';

const application = { orderId: 501, afterType: 1, goodsState: 0, returnReason: '不想要了', skus: [{ skuId: 204, number: 1 }] };

describe('an after-sale application form', () => {
  it('passes complete, with explanation and images defaulted', () => {
    expect(AfterSaleForm.parse(application)).toEqual({ ...application, explain: '', image: [] });
  });

  it.each([
    ['afterType', undefined, '请选择售后方式'],
    ['afterType', 3, '请选择售后方式'],
    ['goodsState', undefined, '请选择货物状态'],
    ['goodsState', 2, '请选择货物状态'],
    ['returnReason', '', '请选择售后理由'],
    ['skus', [], '请先选择需要申请售后的商品'],
    ['skus', undefined, '请先选择需要申请售后的商品'],
    ['image', 'a,b,c,d,e,f', '最多上传5张图片'],
  ])('with %s = %j reads %s', (field, value, message) => {
    expect(messagesOf(AfterSaleForm, { ...application, [field]: value })).toEqual({ [field]: message });
  });

  it('accepts five proof images', () => {
    expect(AfterSaleForm.parse({ ...application, image: 'a,b,c,d,e' }).image).toHaveLength(5);
  });
});

describe('a platform intervention request', () => {
  it('passes with no reason and refuses six images', () => {
    expect(messageOf(PlatformInterventionForm, { afterId: 88, orderId: 501 })).toBeNull();
    expect(messageOf(PlatformInterventionForm, { afterId: 88, orderId: 501, image: '1,2,3,4,5,6' })).toBe('最多上传5张图片');
  });
});

describe('a return shipment', () => {
  const shipment = { afterId: 88, orderId: 501, express: 3, deliverFormid: '75123456' };

  it('passes with a company and a numeric waybill of 8 digits', () => {
    expect(messageOf(ReturnLogisticsForm, shipment)).toBeNull();
  });

  it.each([
    ['express', undefined, '请选择物流公司'],
    ['express', 0, '请选择物流公司'],
    ['deliverFormid', '7512345', '物流单号格式错误'],
    ['deliverFormid', 'SF123456789', '物流单号格式错误'],
    ['deliverFormid', undefined, '物流单号格式错误'],
  ])('with %s = %j reads %s', (field, value, message) => {
    expect(messagesOf(ReturnLogisticsForm, { ...shipment, [field]: value })).toEqual({ [field]: message });
  });
});

describe('a cart quantity against a stock of 3', () => {
  const rule = cartQuantityRule(3);

  it.each([[1], [3]])('accepts %i', (n) => {
    expect(messageOf(rule, n)).toBeNull();
  });

  it('refuses 4 with 商品库存不足', () => {
    expect(messageOf(rule, 4)).toBe('商品库存不足');
  });

  it('refuses 0', () => {
    expect(messageOf(rule, 0)).toBe('商品数量不能少于1件');
  });
});

describe('a sku out of stock', () => {
  it('cannot be added, bought or grouped: 商品库存不足', () => {
    expect(messageOf(InStock, 0)).toBe('商品库存不足');
    expect(messageOf(InStock, 1)).toBeNull();
  });
});

describe('a cart at checkout', () => {
  it.each([
    ['nothing selected', [{ selected: 0, shelveState: 1 }], '请至少选中一件商品'],
    ['an empty cart', [], '请至少选中一件商品'],
    ['a selected line off the shelf', [{ selected: 1, shelveState: 1 }, { selected: 1, shelveState: 0 }], '选中的商品中有下架商品'],
    ['an unselected line off the shelf', [{ selected: 1, shelveState: 1 }, { selected: 0, shelveState: 0 }], null],
  ])('with %s reads %s', (_, lines, message) => {
    expect(messageOf(CartCheckout, lines)).toBe(message);
  });

  it('cannot delete selected lines when none are selected', () => {
    expect(messageOf(CartDeleteSelected, { ids: [] })).toBe('请选中需要删除的商品');
  });

  it('deletes at most 200 lines in one call', () => {
    const many = (n: number) => ({ ids: Array.from({ length: n }, (_, i) => i + 1) });
    expect(messageOf(CartDeleteSelected, many(200))).toBeNull();
    expect(messageOf(CartDeleteSelected, many(201))).toBe('参数 ids 无效：一次最多删除200件商品');
  });
});

describe('a batch action with nothing selected', () => {
  it.each([
    [DeleteQuestions, '请先选择需要删除的提问'],
    [DeleteAnswers, '请先选择需要删除的回答'],
    [CancelFavourites, '请先选择需要取消的收藏'],
    [DeleteFootprints, '请先选中需要删除的记录'],
  ])('reads its own message (%#)', (rule, message) => {
    expect(messageOf(rule, { ids: [] })).toBe(message);
    expect(messageOf(rule, { ids: [1] })).toBeNull();
  });
});

describe('an order submission', () => {
  it.each([
    [{ receiveId: 3 }, { paymentMode: '请选择支付方式' }],
    [{ paymentMode: 1 }, { receiveId: '请选择您的收货地址' }],
    [{ paymentMode: 1, receiveId: 0 }, { receiveId: '请选择您的收货地址' }],
  ])('%j reads %j', (value, messages) => {
    expect(messagesOf(SubmitOrderChoices, value)).toEqual(messages);
  });

  it('with both chosen passes', () => {
    expect(messageOf(SubmitOrderChoices, { paymentMode: 1, receiveId: 3 })).toBeNull();
  });
});
