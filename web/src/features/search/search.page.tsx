import RightOutlined from '@ant-design/icons/RightOutlined';
import App from 'antd/es/app';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductCardPage, ShopCardPage } from '../../../../domain/catalog/browse.contract';
import { useClientState, type SearchType } from '../../lib/client-state';
import { ListingEmpty, ListingOffline, ListingPager, ListingSkeleton } from '../../lib/catalog-ui/listing-states';
import { ProductGrid } from '../../lib/catalog-ui/product-card';
import { SortBar } from '../../lib/catalog-ui/sort-bar';
import { defaultSort, type Sort } from '../../lib/catalog-ui/sort.model';
import { useRequest } from '../../lib/use-request';
import { searchProducts } from './api/search-products';
import { searchShops } from './api/search-shops';
import { PriceRange, type PriceBounds } from './price-range';
import { ShopCard } from './shop-card';
import './search.css';

export const EMPTY_PRODUCTS = '搜索不到你要找的商品呢换个词试试吧～';
export const EMPTY_SHOPS = '搜索不到你要找的店铺呢换个词试试吧～';

/** Spec §2 /search: the keyword from `keyword` or `searchVal`, else the stored searchObj; 商品/店铺 from the header. */
export function SearchPage() {
  const [params] = useSearchParams();
  const saved = useClientState('searchObj');
  const keyword = (params.get('keyword') ?? params.get('searchVal') ?? saved?.keyword ?? '').trim();
  const searchType: SearchType = saved?.searchType ?? 'product';
  return (
    <div className="page-width search-page">
      <h1 className="search-page__heading">
        全部结果
        {keyword && (
          <>
            <RightOutlined aria-hidden className="search-page__chevron" />
            <span className="search-page__keyword">“{keyword}”</span>
          </>
        )}
        <span className="search-page__type">{searchType === 'shop' ? '店铺' : '商品'}</span>
      </h1>
      {/* A new keyword or type starts over: default sort, first page, no price range. */}
      <SearchResults key={`${searchType}|${keyword}`} keyword={keyword} searchType={searchType} />
    </div>
  );
}

type SearchOutcome = ({ kind: 'product' } & ProductCardPage) | ({ kind: 'shop' } & ShopCardPage);

function SearchResults({ keyword, searchType }: { keyword: string; searchType: SearchType }) {
  const { message } = App.useApp();
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [page, setPage] = useState(1);
  const [bounds, setBounds] = useState<PriceBounds>({});
  const products = searchType === 'product';

  const { data, error, loading, reload } = useRequest<SearchOutcome>(
    (signal) =>
      products
        ? searchProducts({ keyword, sort, page, ...bounds }, signal).then((r) => ({ kind: 'product' as const, ...r }))
        : searchShops({ keyword, sort, page }, signal).then((r) => ({ kind: 'shop' as const, ...r })),
    [keyword, searchType, sort.type, sort.volume, page, bounds.minMoney, bounds.maxMoney],
  );

  useEffect(() => {
    if (error && error.code !== 'NETWORK' && error.code !== 'TIMEOUT') void message.warning(error.message);
  }, [error, message]);

  // Spec §4: a sort clears the others, goes back to page 1 and resets the price range.
  const changeSort = (next: Sort) => {
    setSort(next);
    setPage(1);
    setBounds({});
  };
  const applyBounds = (next: PriceBounds) => {
    setBounds(next);
    setPage(1);
  };

  return (
    <>
      <SortBar sort={sort} onChange={changeSort}>
        {products && <PriceRange applied={bounds} onApply={applyBounds} />}
        {data && <span className="search-page__total">共 {data.total} {data.kind === 'shop' ? '家店铺' : '件商品'}</span>}
      </SortBar>
      <div className="search-page__results" aria-busy={loading}>
        {error && <ListingOffline retry={reload} />}
        {!error && !data && <ListingSkeleton />}
        {!error && data?.total === 0 && <ListingEmpty text={data.kind === 'shop' ? EMPTY_SHOPS : EMPTY_PRODUCTS} />}
        {!error && data?.kind === 'product' && data.list.length > 0 && <ProductGrid products={data.list} />}
        {!error && data?.kind === 'shop' && data.list.length > 0 && (
          <div className="search-page__shops">
            {data.list.map((shop) => (
              <ShopCard key={shop.shopId} shop={shop} />
            ))}
          </div>
        )}
      </div>
      {!error && data && <ListingPager page={page} total={data.total} onChange={setPage} unit={data.kind === 'shop' ? '家' : '件'} />}
    </>
  );
}
