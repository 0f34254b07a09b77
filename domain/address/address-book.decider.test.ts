import { given, rejectionOf } from '../../tests/unit/support/decider-spec';
import { addressBookDecider, type AddressBookCommand } from './address-book.decider';
import { ADDRESS_BOOK_LIMIT, type AddressBookEvent, type AddressFields } from './address-book.events';
import { isRegion, regionPath, type RegionNode } from './region';

const now = new Date('2025-03-01T08:00:00.000Z');
const userId = 7;
const fields = (defult: boolean, receiveName = '张三'): AddressFields => ({
  receiveName, receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号', label: '家', defult,
});
const added = (receiveId: number, defult: boolean): AddressBookEvent =>
  ({ type: 'AddressAdded', data: { userId, receiveId, ...fields(defult) } });
const book = (...events: AddressBookEvent[]) => given(addressBookDecider, events);
const addCommand = (receiveId: number, defult: boolean): AddressBookCommand =>
  ({ type: 'AddAddress', data: { userId, receiveId, fields: fields(defult) } });

describe('an empty address book', () => {
  it('adds an address', () => {
    expect(book().when(addCommand(1, false), now).events).toEqual([added(1, false)]);
  });

  it('refuses to update or remove an address it does not hold', () => {
    const update: AddressBookCommand = { type: 'UpdateAddress', data: { userId, receiveId: 1, fields: fields(true) } };
    expect(rejectionOf(book().when(update, now))).toEqual({ code: '800201', message: '收货地址不存在' });
    expect(rejectionOf(book().when({ type: 'RemoveAddress', data: { userId, receiveId: 1 } }, now))?.code).toBe('800201');
  });
});

describe('a book whose first address is the default', () => {
  const history = [added(1, true), added(2, false)];

  it('moves the default to a new address saved as default', () => {
    const state = book(...history, added(3, true)).state;
    expect(state.defaultId).toBe(3);
    expect([...state.addresses.values()].filter((a) => a.defult).map((a) => a.receiveId)).toEqual([3]);
  });

  it('moves the default to an updated address marked default', () => {
    const updated: AddressBookEvent = { type: 'AddressUpdated', data: { userId, receiveId: 2, ...fields(true) } };
    const state = book(...history, updated).state;
    expect(state.defaultId).toBe(2);
    expect(state.addresses.get(1)?.defult).toBe(false);
  });

  it('has no default once the default is removed', () => {
    expect(book(...history, { type: 'AddressRemoved', data: { userId, receiveId: 1 } }).state.defaultId).toBeNull();
  });

  it('records nothing for an update that changes nothing', () => {
    expect(book(...history).when({ type: 'UpdateAddress', data: { userId, receiveId: 1, fields: fields(true) } }, now).events).toEqual([]);
  });

  it('records an update of the name', () => {
    const update: AddressBookCommand = { type: 'UpdateAddress', data: { userId, receiveId: 2, fields: fields(false, '李四') } };
    expect(book(...history).when(update, now).events).toEqual([{ type: 'AddressUpdated', data: { userId, receiveId: 2, ...fields(false, '李四') } }]);
  });

  it('answers an id handed out twice as a clash, never a merge', () => {
    expect(rejectionOf(book(...history).when(addCommand(2, false), now))?.code).toBe('409');
  });
});

describe('a full address book', () => {
  it(`refuses address ${ADDRESS_BOOK_LIMIT + 1}`, () => {
    const full = Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, i) => added(i + 1, false));
    expect(rejectionOf(book(...full).when(addCommand(ADDRESS_BOOK_LIMIT + 1, false), now)))
      .toEqual({ code: '800203', message: '收货地址最多保存100个' });
  });
});

describe('a region tree', () => {
  const tree: RegionNode[] = [{
    code: '42', name: '湖北省',
    children: [{ code: '4201', name: '武汉市', children: [{ code: '420106', name: '武昌区' }] }],
  }];

  it('accepts a province-city-district path', () => {
    expect(regionPath(tree, '湖北省-武汉市-武昌区')?.map((n) => n.code)).toEqual(['42', '4201', '420106']);
  });

  it.each(['湖北省-武汉市', '湖北省-武汉市-海淀区', '湖北省-武昌区-武汉市', '湖北省-武汉市-武昌区-中北路', ''])('refuses %s', (text) => {
    expect(isRegion(tree, text)).toBe(false);
  });
});
