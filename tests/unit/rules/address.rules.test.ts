import { AddressForm } from '../../../domain/rules/address.rule';
import { messagesOf } from './rules.support';

const valid = { receiveName: '张三', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号', label: '家', defult: 'true' };

describe('a complete address form', () => {
  it('passes with defult sent as a string becoming a boolean', () => {
    expect(AddressForm.parse(valid)).toEqual({ ...valid, defult: true });
    expect(AddressForm.parse({ ...valid, defult: 'false' }).defult).toBe(false);
    expect(AddressForm.parse({ ...valid, defult: undefined, label: undefined })).toMatchObject({ defult: false, label: '' });
  });
});

describe('an address form with a field missing', () => {
  it.each([
    ['receiveAdress', '请选择地区!'],
    ['address', '请填写详细地址!'],
    ['receiveName', '请填写收件人姓名!'],
    ['receivePhone', '请填写手机号码!'],
  ])('without %s reads %s', (field, message) => {
    expect(messagesOf(AddressForm, { ...valid, [field]: '' })).toEqual({ [field]: message });
    expect(messagesOf(AddressForm, { ...valid, [field]: undefined })).toEqual({ [field]: message });
  });
});

describe('an address form with a bad phone number', () => {
  it('reads 手机号格式错误', () => {
    expect(messagesOf(AddressForm, { ...valid, receivePhone: '1380013800' })).toEqual({ receivePhone: '手机号格式错误' });
  });
});
