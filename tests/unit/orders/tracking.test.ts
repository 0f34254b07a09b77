import { demoWaybill } from '../../../domain/logistics/demo-waybill';
import { expressCompanies, findExpressCompany } from '../../../domain/logistics/express-companies';
import { trackingSteps, type TrackingInput } from '../../../domain/logistics/tracking.simulator';
import { Waybill } from '../../../domain/rules/waybill.rule';

const HOUR = 60 * 60 * 1000;
const shippedAt = '2025-03-01T02:00:00.000Z'; // 10:00 in Shanghai
const sf = expressCompanies[0];
const parcel: TrackingInput = {
  company: sf, deliverFormid: '100000012345', shippedAt, fromCity: '杭州市', receiveAdress: '广东省-深圳市-南山区',
};
const at = (hours: number) => new Date(Date.parse(shippedAt) + hours * HOUR);

describe('the express companies', () => {
  it('are found by dict id, as a number or text, and by code in any case', () => {
    expect(findExpressCompany(1)?.dictName).toBe('顺丰速运');
    expect(findExpressCompany('2')?.dictName).toBe('中通快递');
    expect(findExpressCompany('jd')?.dictName).toBe('京东物流');
    expect(findExpressCompany('UPS')).toBeUndefined();
    expect(findExpressCompany(99)).toBeUndefined();
  });

  it('have distinct ids and codes', () => {
    expect(new Set(expressCompanies.map((c) => c.dictId)).size).toBe(expressCompanies.length);
    expect(new Set(expressCompanies.map((c) => c.code)).size).toBe(expressCompanies.length);
  });
});

describe('a demo waybill', () => {
  it('is numeric, long enough for the waybill rule and the same for the same order', () => {
    const waybill = demoWaybill(9001, sf);
    expect(Waybill.parse(waybill)).toBe(waybill);
    expect(demoWaybill(9001, sf)).toBe(waybill);
    expect(demoWaybill(9002, sf)).not.toBe(waybill);
  });
});

describe('tracking steps of a parcel shipped from Hangzhou to Shenzhen', () => {
  it('shows nothing before the courier collected it', () => {
    expect(trackingSteps(parcel, at(-1))).toEqual([]);
  });

  it('starts with 已揽收 within the first hour, naming the company and the waybill', () => {
    const steps = trackingSteps(parcel, at(1.5));
    expect(steps).toHaveLength(1);
    expect(steps[0].reason).toBe('【杭州市】顺丰速运 已揽收，快件单号 100000012345');
    expect(steps[0].time).toMatch(/^2025-03-01 1\d:\d{2}:\d{2}$/);
  });

  it('advances with the clock: in transit after a day, delivering and signed for after two', () => {
    const inTransit = trackingSteps(parcel, at(24));
    expect(inTransit.length).toBeGreaterThan(2);
    expect(inTransit[0].reason).toContain('深圳市转运中心');
    const done = trackingSteps(parcel, at(48));
    expect(done).toHaveLength(8);
    expect(done[0].reason).toContain('已签收');
    expect(done[1].reason).toContain('派送中');
    expect(done.map((s) => s.reason)).toContain('快件已到达【南山区营业部】');
  });

  it('lists the newest step first, in time order', () => {
    const times = trackingSteps(parcel, at(48)).map((s) => s.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers the same steps for the same parcel and clock', () => {
    expect(trackingSteps(parcel, at(30))).toEqual(trackingSteps({ ...parcel }, at(30)));
  });

  it('falls back to generic places when the addresses say little', () => {
    const steps = trackingSteps({ ...parcel, fromCity: '', receiveAdress: '' }, at(48));
    expect(steps.at(-1)?.reason).toContain('【发货地】');
    expect(steps[1].reason).toContain('【目的地营业部】');
  });
});
