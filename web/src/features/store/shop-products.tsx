import App from 'antd/es/app';
import { useEffect, useState } from 'react';
import { isOffline, ListingEmpty, ListingOffline, ListingPager, ListingSkeleton } from '../../lib/catalog-ui/listing-states';
import { ProductGrid } from '../../lib/catalog-ui/product-card';
import { SortBar } from '../../lib/catalog-ui/sort-bar';
import { defaultSort, type Sort } from '../../lib/catalog-ui/sort.model';
import { useRequest } from '../../lib/use-request';
import { getShopBanner } from './api/get-shop-banner';
import { getShopProducts } from './api/get-shop-products';

export const EMPTY_SHOP_CATEGORY = '该分类没有商品～';

/** The first banner picture of the shop (spec §7), above its product tabs. */
function ShopBannerStrip({ shopId }: { shopId: number }) {
  const { data } = useRequest((signal) => getShopBanner(shopId, signal), [shopId]);
  const image = data?.[0]?.bannerImage;
  if (!image) return null;
  return <img className="store-page__banner" src={image} alt="店铺横幅" decoding="async" data-testid="shop-banner" />;
}

/** 所有商品 or one shop category: banner, sort, grid, pages (12). */
export function ShopProductsTab({ shopId, classifyId }: { shopId: number; classifyId?: number }) {
  const { message } = App.useApp();
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useRequest(
    (signal) => getShopProducts({ shopId, classifyId, sort, page }, signal),
    [shopId, classifyId, sort.type, sort.volume, page],
  );
  useEffect(() => {
    if (error && !isOffline(error)) void message.warning(error.message);
  }, [error, message]);
  const offline = isOffline(error);

  return (
    <div className="store-page__products">
      <ShopBannerStrip shopId={shopId} />
      <SortBar
        sort={sort}
        onChange={(next) => {
          setSort(next);
          setPage(1);
        }}
      />
      <div aria-busy={loading} className="store-page__results">
        {offline && <ListingOffline retry={reload} />}
        {!error && !data && <ListingSkeleton />}
        {!offline && (error || data?.page.total === 0) && <ListingEmpty text={EMPTY_SHOP_CATEGORY} />}
        {!error && data && data.page.list.length > 0 && <ProductGrid products={data.page.list} />}
      </div>
      {!error && data && <ListingPager page={page} total={data.page.total} onChange={setPage} />}
    </div>
  );
}
