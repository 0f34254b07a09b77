import type { Canvas } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

/**
 * Spec §7 page layout: terminal 4 (PC); type 1 home, 2 custom page (spec: the /custom route's `shopId` names the
 * page), 3 shop home (`shopId`).
 */
export interface CanvasQuery {
  type: 1 | 2 | 3;
  shopId?: number;
}

export const PC_TERMINAL = 4;

export const getCanvas = (query: CanvasQuery, signal?: AbortSignal): Promise<Canvas> =>
  api.get<Canvas>('/canvas/getCanvas', { terminal: PC_TERMINAL, ...query }, signal);
