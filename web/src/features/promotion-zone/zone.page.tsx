import App from 'antd/es/app';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseId } from '../../lib/catalog-ui/links';
import { ListingEmpty, ListingOffline, ListingPager, ListingSkeleton } from '../../lib/catalog-ui/listing-states';
import { SortBar } from '../../lib/catalog-ui/sort-bar';
import { defaultSort, type Sort } from '../../lib/catalog-ui/sort.model';
import { useLiveChannels } from '../../lib/use-live-channels';
import { useRequest } from '../../lib/use-request';
import { ActivityProduct } from '../canvas/blocks/activity-product';
import type { ActivityKind } from '../canvas/blocks/activity.model';
import { getZone } from './api/get-zone';
import { ZoneClassifies } from './zone-classifies';
import { ZoneHeader } from './zone-header';
import { EMPTY_ZONE } from './zone.model';
import '../canvas/canvas.css';
import './zone.css';

/**
 * `/rabatt`, `/spitze`, `/groupBuy` `?shopId&id` (spec §2, §7 Promotions): one shop's activity, or — without a shop —
 * every shop's activity products. Category, sort and page changes reload (spec §4); sort resets the page to 1.
 */
export function ZonePage({ kind }: { kind: ActivityKind }) {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const shopId = parseId(params.get('shopId'));
  const activityId = parseId(params.get('id'));
  const [classifyId, setClassifyId] = useState<number | undefined>();
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useRequest(
    (signal) => getZone(kind, { shopId, activityId, classifyId, sort, page }, signal),
    [kind, shopId, activityId, classifyId, sort.type, sort.volume, page],
  );
  useEffect(() => {
    if (error && error.code !== 'NETWORK' && error.code !== 'TIMEOUT') void message.warning(error.message);
  }, [error, message]);
  const offline = error && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
  // 已抢 progress and stock of the listed products follow the sales (sku:<id>), without a reload
  useLiveChannels((data?.page.list ?? []).map((product) => `sku:${product.skuId}`), reload);

  return (
    <div className="page-width zone-page" data-testid={`zone-${kind}`}>
      <ZoneHeader kind={kind} zone={data} onOver={reload} />
      <ZoneClassifies
        classifies={data?.classifies ?? []}
        selected={classifyId}
        onSelect={(next) => {
          setClassifyId(next);
          setPage(1);
        }}
      />
      <SortBar
        sort={sort}
        onChange={(next) => {
          setSort(next);
          setPage(1);
        }}
      >
        {data && <span className="zone-page__total">共 {data.page.total} 件商品</span>}
      </SortBar>
      <div aria-busy={loading} className="zone-page__results">
        {offline && <ListingOffline retry={reload} />}
        {!error && !data && <ListingSkeleton />}
        {!offline && (error || data?.page.total === 0) && <ListingEmpty text={EMPTY_ZONE} />}
        {!error && data && data.page.list.length > 0 && (
          <ul className="zone-page__grid">
            {data.page.list.map((product) => (
              <li key={`${product.productId}-${product.skuId}`}>
                <ActivityProduct kind={kind} product={product} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {!error && data && <ListingPager page={page} total={data.page.total} onChange={setPage} />}
    </div>
  );
}

export const FlashSaleZonePage = () => <ZonePage kind="seckill" />;
export const DiscountZonePage = () => <ZonePage kind="discount" />;
export const GroupBuyZonePage = () => <ZonePage kind="group" />;
