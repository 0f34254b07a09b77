import { api } from '../../../lib/api-client';
import type { TrackingStep } from '../order.model';

/** Spec §7 tracking: GET express (the company's dict id), deliverFormid → steps `[{time, reason}]`, newest first. */
export const getDelivery = (express: number, deliverFormid: string, signal?: AbortSignal): Promise<TrackingStep[]> =>
  api.get<TrackingStep[]>('/order/getDilevery', { express, deliverFormid }, signal);
