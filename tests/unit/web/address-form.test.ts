import type { Address } from '../../../domain/address/address.contract';
import { addressRules, requestOf, valuesOf } from '../../../web/src/features/address/address-form.model';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const messageOf = async (field: keyof typeof addressRules, value: unknown): Promise<string | null> => {
  const validator = (addressRules[field][0] as { validator: Validator }).validator;
  try {
    await validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

const saved: Address = {
  receiveId: 5, receiveName: '张三', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号',
  label: '家', defult: true, ifDefault: 1,
};

describe('an address being edited', () => {
  it('opens with the region split into the Cascader path', () => {
    expect(valuesOf(saved)).toEqual({
      region: ['湖北省', '武汉市', '武昌区'], address: '中北路1号', receiveName: '张三', receivePhone: '13800138000', label: '家', defult: true,
    });
  });

  it('is sent with the region joined by - and defult as a string', () => {
    expect(requestOf({ ...valuesOf(saved), receiveName: ' 李四 ', defult: false })).toEqual({
      receiveName: '李四', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号', label: '家', defult: 'false',
    });
  });
});

describe('an address form with a field missing or wrong', () => {
  it.each([
    ['region', [], '请选择地区!'],
    ['region', undefined, '请选择地区!'],
    ['address', '  ', '请填写详细地址!'],
    ['receiveName', '', '请填写收件人姓名!'],
    ['receivePhone', undefined, '请填写手机号码!'],
    ['receivePhone', '1380013800', '手机号格式错误'],
  ] as const)('%s = %j reads %s', async (field, value, message) => {
    expect(await messageOf(field, value)).toBe(message);
  });

  it('passes good values', async () => {
    expect(await messageOf('region', ['湖北省', '武汉市', '武昌区'])).toBeNull();
    expect(await messageOf('receivePhone', '13800138000')).toBeNull();
  });
});
