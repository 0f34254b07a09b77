import App from 'antd/es/app';
import { useEffect, useState } from 'react';
import { isOffline, ListingEmpty, ListingOffline, ListingPager, ListingSkeleton } from '../../lib/catalog-ui/listing-states';
import { ProductGrid } from '../../lib/catalog-ui/product-card';
import { SortBar } from '../../lib/catalog-ui/sort-bar';
import { defaultSort, type Sort } from '../../lib/catalog-ui/sort.model';
import { useRequest } from '../../lib/use-request';
import { getCategoryProducts } from './api/get-category-products';

export const EMPTY_CATEGORY = '该分类没有商品～';

/** Sort, grid and pages of one category's products (spec §2 category page); every change reloads (spec §4). */
export function CategoryListing({ classifyId }: { classifyId: number }) {
  const { message } = App.useApp();
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useRequest(
    (signal) => getCategoryProducts({ classifyId, sort, page }, signal),
    [classifyId, sort.type, sort.volume, page],
  );
  useEffect(() => {
    if (error && !isOffline(error)) void message.warning(error.message);
  }, [error, message]);
  const offline = isOffline(error);

  return (
    <>
      <SortBar
        sort={sort}
        onChange={(next) => {
          setSort(next);
          setPage(1);
        }}
      >
        {data && <span className="category-page__total">共 {data.total} 件商品</span>}
      </SortBar>
      <div aria-busy={loading} className="category-page__results">
        {offline && <ListingOffline retry={reload} />}
        {!error && !data && <ListingSkeleton />}
        {!offline && (error || data?.total === 0) && <ListingEmpty text={EMPTY_CATEGORY} />}
        {!error && data && data.list.length > 0 && <ProductGrid products={data.list} />}
      </div>
      {!error && data && <ListingPager page={page} total={data.total} onChange={setPage} />}
    </>
  );
}
