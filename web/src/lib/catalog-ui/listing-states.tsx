import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import Button from 'antd/es/button';
import Pagination from 'antd/es/pagination';
import Skeleton from 'antd/es/skeleton';
import { NETWORK_MESSAGE } from '../http-messages';
import './catalog-ui.css';

/** Spec §9: search, shop, category and promotion listings show 12 per page. */
export const LISTING_PAGE_SIZE = 12;

export function ListingEmpty({ text }: { text: string }) {
  return (
    <div className="listing-state" data-testid="listing-empty">
      <InboxOutlined className="listing-state__icon" aria-hidden />
      <p>{text}</p>
    </div>
  );
}

/**
 * Spec §8: the network-failure view is for a call that never got an answer; an answer with a business code (an
 * unknown category or shop: 分类不存在) is shown as its toast and the listing's empty text.
 */
export const isOffline = (error: { code: string } | null | undefined): boolean =>
  error?.code === 'NETWORK' || error?.code === 'TIMEOUT';

/** Spec §8: search pages show the network-failure view; `retry` loads the same page again. */
export function ListingOffline({ retry }: { retry: () => void }) {
  return (
    <div className="listing-state" role="alert" data-testid="listing-offline">
      <DisconnectOutlined className="listing-state__icon" aria-hidden />
      <p>{NETWORK_MESSAGE}</p>
      <Button onClick={retry}>重新加载</Button>
    </div>
  );
}

export function ListingSkeleton() {
  return (
    <div className="listing-skeleton" aria-busy>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}

interface ListingPagerProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
  pageSize?: number;
  /** Counting word in the total: 件 for products, 家 for shops. */
  unit?: string;
}

/** Paging under a grid; hidden when everything fits on one page. */
export function ListingPager({ page, total, onChange, pageSize = LISTING_PAGE_SIZE, unit = '件' }: ListingPagerProps) {
  if (total <= pageSize) return null;
  return (
    <div className="listing-pager">
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showTotal={(count) => `共 ${count} ${unit}`}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}
