/**
 * Tracking steps for GET /order/getDilevery (`[{time, reason}]`, newest first as 快递100 answers them).
 *
 * SIMULATED: Jishi has no courier integration (the original asked 快递100 / 快递鸟). These steps are generated locally
 * and deterministically from the waybill, the company, the shipping time and the two addresses, and they "advance"
 * only because the caller passes the current time: a step shows once its time has come. Nothing here comes from a
 * courier; the texts imitate the usual 已揽收 → 运输中 → 派送中 → 已签收 progression so the screens can be walked.
 */
import { formatShanghai } from '../shared/time';
import type { ExpressCompany } from './express-companies';

export interface TrackingStep { time: string; reason: string }

export interface TrackingInput {
  company: ExpressCompany;
  deliverFormid: string;
  /** ISO instant the merchant shipped. */
  shippedAt: string;
  /** The sender's city (the shop's), '' when unknown. */
  fromCity: string;
  /** The receiving address as the order snapshot has it: 省-市-区. */
  receiveAdress: string;
}

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

interface Plan { afterHours: number; reason: (p: Places) => string }
interface Places { from: string; toCity: string; toDistrict: string; company: string; waybill: string }

const PLAN: readonly Plan[] = [
  { afterHours: 0.5, reason: (p) => `【${p.from}】${p.company} 已揽收，快件单号 ${p.waybill}` },
  { afterHours: 4, reason: (p) => `快件已到达【${p.from}转运中心】` },
  { afterHours: 6, reason: (p) => `快件已从【${p.from}转运中心】发出，运输中，下一站【${p.toCity}转运中心】` },
  { afterHours: 22, reason: (p) => `快件已到达【${p.toCity}转运中心】` },
  { afterHours: 26, reason: (p) => `快件已从【${p.toCity}转运中心】发出，正在发往【${p.toDistrict}营业部】` },
  { afterHours: 31, reason: (p) => `快件已到达【${p.toDistrict}营业部】` },
  { afterHours: 33, reason: (p) => `【${p.toDistrict}营业部】快递员正在派送中，请保持电话畅通` },
  { afterHours: 37, reason: (p) => `快件已签收，签收人：本人。感谢使用${p.company}，期待再次为您服务` },
];

/** FNV-1a (32 bit): a plain deterministic hash, so the domain needs no crypto module. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Up to ±40 minutes per step, fixed by the waybill: two lookups of one parcel always agree. */
const jitterMinutes = (company: ExpressCompany, waybill: string): number[] =>
  PLAN.map((_, i) => (fnv1a(`${company.dictId}:${waybill}:${i}`) % 81) - 40);

function places(input: TrackingInput): Places {
  const [province = '', city = '', district = ''] = input.receiveAdress.split('-').map((s) => s.trim());
  const toCity = city || province || '目的地';
  return {
    from: input.fromCity.trim() || '发货地',
    toCity,
    toDistrict: district || toCity,
    company: input.company.dictName,
    waybill: input.deliverFormid,
  };
}

export function trackingSteps(input: TrackingInput, now: Date): TrackingStep[] {
  const shipped = Date.parse(input.shippedAt);
  if (Number.isNaN(shipped)) return [];
  const jitter = jitterMinutes(input.company, input.deliverFormid);
  const where = places(input);
  let previous = shipped;
  const steps: TrackingStep[] = [];
  PLAN.forEach((step, i) => {
    // never before the previous step, whatever the jitter
    const at = Math.max(previous + MINUTE_MS, shipped + step.afterHours * HOUR_MS + jitter[i] * MINUTE_MS);
    previous = at;
    if (at <= now.getTime()) steps.push({ time: formatShanghai(new Date(at)), reason: step.reason(where) });
  });
  return steps.reverse();
}
