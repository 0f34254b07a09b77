/**
 * GET /order/getById's answer (spec §2 Order detail): the list fields plus receiving info, seller info (shop phone,
 * charge person's phone), order info (transaction id, times), the progress bar, logistics with tracking steps in
 * states 3 and 4, and for a group-buy order its group read from the collage stream (`collageView`: state, person,
 * people, time, members with the leader first).
 */
import { collageDecider } from '../../../domain/group-buy/collage.decider';
import type { CollageEvent } from '../../../domain/group-buy/collage.events';
import { collageView } from '../../../domain/group-buy/collage.view';
import { findExpressCompany } from '../../../domain/logistics/express-companies';
import { trackingSteps, type TrackingStep } from '../../../domain/logistics/tracking.simulator';
import { fold } from '../../../domain/shared/decider';
import { formatShanghai } from '../../../domain/shared/time';
import type { EventStore } from '../../event-store/event-store.port';
import { orderProgress, type OrderProgress } from './order-progress';
import { orderListItem, orderTimes, type OrderListItem } from './order-view';
import type { OrderRecord } from './order.queries';

export interface CollageDetail {
  collageId: number;
  /** 0 forming, 1 success, 2 failed */
  state: number;
  person: number;
  people: number;
  time: number;
  createTime: string;
  /** when the group fails unless complete */
  effectiveTime: string;
  personList: Array<{ id: number; headImage: string }>;
}

export interface OrderLogistics {
  express: number;
  expressName: string;
  deliverFormid: string;
  dileveryTime: string;
  steps: TrackingStep[];
}

export interface OrderDetail extends OrderListItem {
  receivePhone: string; receiveAdress: string; address: string; remark: string;
  transactionId: string; dileveryTime: string; receiveTime: string; closeTime: string;
  shopPhone: string; chargePersonPhone: string;
  collageDetail: CollageDetail | null;
  progress: OrderProgress;
  logistics: OrderLogistics | null;
}

async function collageDetail(store: EventStore, collageId: number, now: Date): Promise<CollageDetail | null> {
  if (collageId === 0) return null;
  const events = await store.readStream(`collage-${collageId}`);
  const view = collageView(fold(collageDecider, events.map((e) => ({ type: e.type, data: e.data }) as CollageEvent)), now);
  if (!view) return null;
  return {
    collageId: view.collageId, state: view.state, person: view.person, people: view.people, time: view.time,
    createTime: formatShanghai(view.openedAt), effectiveTime: formatShanghai(view.deadline), personList: view.personList,
  };
}

function logistics(row: OrderRecord, now: Date, hourMs: number | undefined): OrderLogistics | null {
  if ((row.state !== 3 && row.state !== 4) || !row.shipped_at || !row.deliver_formid || !row.express) return null;
  const company = findExpressCompany(row.express);
  const shippedAt = new Date(row.shipped_at).toISOString();
  return {
    express: company?.dictId ?? 0,
    expressName: row.express_name ?? company?.dictName ?? '',
    deliverFormid: row.deliver_formid,
    dileveryTime: formatShanghai(shippedAt),
    steps: company ? trackingSteps({
      company, deliverFormid: row.deliver_formid, shippedAt, fromCity: row.shop_city ?? '', receiveAdress: row.receive_adress, hourMs,
    }, now) : [],
  };
}

/** `carrierHourMs`: one hour of the simulated carrier (scaled in the demo; a real hour when absent). */
export async function orderDetail(store: EventStore, row: OrderRecord, now: Date, carrierHourMs?: number): Promise<OrderDetail> {
  const item = orderListItem(row, now);
  const times = orderTimes(row);
  return {
    ...item,
    receivePhone: row.receive_phone,
    receiveAdress: row.receive_adress,
    address: row.address,
    remark: row.remark,
    transactionId: row.transaction_id ?? '',
    ...times,
    shopPhone: row.shop_phone ?? '',
    chargePersonPhone: row.charge_person_phone ?? '',
    collageDetail: await collageDetail(store, item.collageId, now),
    progress: orderProgress(item.state, { createTime: item.createTime, paymentTime: item.paymentTime, ...times }),
    logistics: logistics(row, now, carrierHourMs),
  };
}
