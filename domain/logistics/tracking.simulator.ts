/**
 * Tracking steps for GET /order/getDilevery (`[{time, reason}]`, newest first as 快递100 answers them).
 *
 * SIMULATED: Jishi has no courier integration (the original asked 快递100 / 快递鸟). These steps are generated locally
 * and deterministically from the waybill, the company, the shipping time and the two addresses, and they "advance"
 * only because the caller passes the current time: a step shows once its time has come. Nothing here comes from a
 * courier; the texts imitate the usual 已揽收 → 运输中 → 派送中 → 已签收 progression so the screens can be walked.
 *
 * The carrier's clock runs as fast as the demo merchant's: where the demo merchant ships a minute after payment (what
 * a real merchant does in about a day), a carrier hour lasts a minute / 24, so 查看物流 shows 已揽收 seconds after the
 * parcel left and 已签收 within two minutes, instead of half an hour and a day and a half later.
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
  /** How long one of the carrier's hours lasts (default a real hour; see `carrierHourMs`). */
  hourMs?: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** What a real merchant takes to ship, which the demo merchant's delay stands for. */
const MERCHANT_DAY_MS = 24 * HOUR_MS;

/** One carrier hour, scaled like the demo merchant's shipping delay (0 = no demo merchant: real hours). */
export function carrierHourMs(demoMerchantShipAfterMs: number): number {
  if (demoMerchantShipAfterMs <= 0) return HOUR_MS;
  return Math.min(HOUR_MS, Math.max(1, demoMerchantShipAfterMs * (HOUR_MS / MERCHANT_DAY_MS)));
}

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
  const hour = input.hourMs ?? HOUR_MS;
  const minute = hour / 60;
  const jitter = jitterMinutes(input.company, input.deliverFormid);
  const where = places(input);
  let previous = shipped;
  const steps: TrackingStep[] = [];
  PLAN.forEach((step, i) => {
    // never before the previous step, whatever the jitter
    const at = Math.round(Math.max(previous + minute, shipped + step.afterHours * hour + jitter[i] * minute));
    previous = at;
    if (at <= now.getTime()) steps.push({ time: formatShanghai(new Date(at)), reason: step.reason(where) });
  });
  return steps.reverse();
}
