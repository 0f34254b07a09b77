/**
 * The address book over HTTP (spec §3 Address, §5 address rules, §7 Addresses; origin §8 `/receive/*`): save, list
 * (4 per page in the user centre, up to 100 in the order flow), one default at a time, the order flow's starting
 * address, update, delete, the form's messages, regions checked against the division data, and the region tree.
 */
import { Address } from '../../domain/address/address.contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { shopper, tokenFor } from './cart.fixtures';

interface Region { code: string; name: string; children?: Region[] }

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
}, 120_000);
afterAll(async () => server?.stop());

const as = async (userId: number) => shopper(server, await tokenFor(server, userId));
const form = (over: Record<string, unknown> = {}) => ({
  receiveName: '张三', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号', label: '家',
  defult: 'false', ...over,
});
const save = async (api: ReturnType<typeof shopper>, over: Record<string, unknown> = {}) => {
  const { body } = await api.post<{ receiveId: number }>('/receive/save', form(over));
  expect(body.code).toBe('200');
  return body.data.receiveId;
};
const defaults = async (api: ReturnType<typeof shopper>) =>
  (await api.get<{ list: Address[] }>('/receive/getAll?page=1&pageSize=100')).body.data.list.filter((a) => a.defult).map((a) => a.receiveId);

describe('a visitor without a token', () => {
  it('is asked to log in', async () => {
    expect((await shopper(server, null).get('/receive/getAll')).body.code).toBe('20005');
  });
});

describe('a shopper saving addresses', () => {
  let api: ReturnType<typeof shopper>;
  let first: number;
  let second: number;
  beforeAll(async () => { api = await as(301); });

  it('answers 地址添加成功 with the new receiveId, defult sent as a string', async () => {
    const { body } = await api.post<{ receiveId: number }>('/receive/save', form({ defult: 'true' }));
    expect(body.code).toBe('200');
    expect(body.message).toBe('地址添加成功');
    first = body.data.receiveId;
    expect(Address.parse((await api.get<Address>(`/receive/getById?receiveId=${first}`)).body.data)).toEqual({
      receiveId: first, receiveName: '张三', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号',
      label: '家', defult: true, ifDefault: 1,
    });
  });

  it('moves the default to a new address saved as default', async () => {
    second = await save(api, { receiveName: '李四', receiveAdress: '北京市-北京市-东城区', defult: true });
    expect(await defaults(api)).toEqual([second]);
    expect((await api.get<Address>('/receive/getSelect')).body.data.receiveId).toBe(second);
  });

  it('moves it back with an update, answering 地址修改成功', async () => {
    const { body } = await api.put('/receive/update', { receiveId: first, ...form({ defult: 'true', label: '公司' }) });
    expect(body.message).toBe('地址修改成功');
    expect(await defaults(api)).toEqual([first]);
    expect((await api.get<Address>(`/receive/getById?receiveId=${first}`)).body.data.label).toBe('公司');
  });

  it('lists the default first and pages by 4 in the user centre', async () => {
    for (let i = 0; i < 3; i += 1) await save(api, { receiveName: `收件人${i}` });
    const { body } = await api.get<{ list: Address[]; total: number }>('/receive/getAll?page=1');
    expect(body.data.total).toBe(5);
    expect(body.data.list).toHaveLength(4);
    expect(body.data.list[0].receiveId).toBe(first);
    expect((await api.get<{ list: Address[] }>('/receive/getAll?page=2&pageSize=4')).body.data.list).toHaveLength(1);
  });

  it('deletes with 删除成功; the order flow then starts from the newest', async () => {
    expect((await api.del('/receive/delete', { receiveId: first })).body).toEqual({ code: '200', message: '删除成功', data: null });
    expect(await defaults(api)).toEqual([]);
    expect((await api.get<Address>('/receive/getSelect')).body.data.receiveName).toBe('收件人2');
    expect((await api.del('/receive/delete', { receiveId: first })).body.code).toBe('800201');
  });
});

describe('another shopper\'s address', () => {
  it('cannot be read, changed or deleted', async () => {
    const owner = await as(302);
    const receiveId = await save(owner);
    const other = await as(303);
    expect((await other.get(`/receive/getById?receiveId=${receiveId}`)).body).toEqual({ code: '800201', message: '收货地址不存在', data: null });
    expect((await other.put('/receive/update', { receiveId, ...form({ receiveName: '王五' }) })).body.code).toBe('800201');
    expect((await other.del(`/receive/delete?receiveId=${receiveId}`)).body.code).toBe('800201');
    expect((await owner.get<Address>(`/receive/getById?receiveId=${receiveId}`)).body.data.receiveName).toBe('张三');
  });

  it('is not the order flow\'s address of a shopper with an empty book', async () => {
    expect((await (await as(304)).get('/receive/getSelect')).body).toEqual({ code: '200', message: '成功', data: null });
  });
});

describe('an address form that breaks a rule', () => {
  it.each([
    ['receiveAdress', '', '请选择地区!'],
    ['address', ' ', '请填写详细地址!'],
    ['receiveName', '', '请填写收件人姓名!'],
    ['receivePhone', '', '请填写手机号码!'],
    ['receivePhone', '12345678901', '手机号格式错误'],
  ])('with %s = "%s" answers 400 %s', async (field, value, message) => {
    const { status, body } = await (await as(305)).post('/receive/save', form({ [field]: value }));
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it.each(['湖北省-武汉市-海淀区', '湖北省-武汉市', '火星-奥林匹斯-山脚区', '北京市-市辖区-东城区'])('with the region %s answers 请选择地区!', async (region) => {
    expect((await (await as(305)).post('/receive/save', form({ receiveAdress: region }))).body)
      .toEqual({ code: '800202', message: '请选择地区!', data: null });
  });
});

describe('the region tree', () => {
  it('serves every province with its cities and districts, with an ETag', async () => {
    const response = await fetch(`${server.url}/api/region/tree`);
    const body = (await response.json()) as { code: string; data: Region[] };
    expect(body.code).toBe('200');
    expect(body.data.map((p) => p.name)).toEqual(expect.arrayContaining(['北京市', '湖北省', '新疆维吾尔自治区', '香港特别行政区', '台湾省']));
    expect(body.data).toHaveLength(34);
    const wuhan = body.data.find((p) => p.name === '湖北省')?.children?.find((c) => c.name === '武汉市');
    expect(wuhan?.children?.map((d) => d.name)).toContain('武昌区');
    expect(body.data.find((p) => p.name === '上海市')?.children?.map((c) => c.name)).toEqual(['上海市']);
    const etag = response.headers.get('etag') ?? '';
    expect(response.headers.get('cache-control')).toContain('max-age');
    expect((await fetch(`${server.url}/api/region/tree`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
