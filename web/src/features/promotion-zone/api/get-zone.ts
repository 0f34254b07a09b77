import type { FirstClassify } from '../../../../../domain/catalog/browse.contract';
import type { ToolProduct } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';
import { LISTING_PAGE_SIZE } from '../../../lib/catalog-ui/listing-states';
import { sortQuery, type Sort } from '../../../lib/catalog-ui/sort.model';
import type { ActivityKind } from '../../canvas/blocks/activity.model';
import { zoneRoutes } from '../zone.model';

/** `/seckill|discount|work/getIndex` (origin-contract §8): without shopId only page and classifies are filled. */
export interface Zone {
  shopId: number;
  shopName: string;
  shopLogo: string;
  number: number;
  time: number;
  /** 1: the activity has not started, `time` counts to its start */
  ifEnable: 0 | 1;
  limitNumber: number;
  classifies: FirstClassify[];
  page: { list: ToolProduct[]; total: number };
}

export interface ZoneRequest { shopId?: number; activityId?: number; classifyId?: number; sort: Sort; page: number }

export const getZone = (kind: ActivityKind, q: ZoneRequest, signal?: AbortSignal): Promise<Zone> =>
  api.get<Zone>(zoneRoutes[kind].endpoint, {
    shopId: q.shopId,
    [zoneRoutes[kind].idField]: q.activityId,
    classifyId: q.classifyId,
    ...sortQuery(q.sort),
    page: q.page,
    pageSize: LISTING_PAGE_SIZE,
  }, signal);
