import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import type { ProductDetail } from '../../../../domain/catalog/detail.contract';
import { SafeHtml } from '../../lib/safe-html';
import { CommentsTab } from './comments-tab';
import { QaTab } from './qa-tab';

/** Spec §2 tabs: 商品详情 (the server's sanitised HTML), 商品评价, 商品问答; a tab loads when first opened. */
export function DetailTabs({ detail }: { detail: ProductDetail }) {
  const [active, setActive] = useState('text');
  return (
    <Tabs
      className="detail-tabs"
      activeKey={active}
      onChange={setActive}
      destroyOnHidden={false}
      items={[
        {
          key: 'text',
          label: '商品详情',
          children: detail.text ? <SafeHtml className="detail-tabs__html" html={detail.text} /> : <p className="product-tab__note">暂无详情</p>,
        },
        { key: 'comments', label: '商品评价', children: <CommentsTab productId={detail.productId} words={detail.words} /> },
        { key: 'qa', label: '商品问答', children: <QaTab productId={detail.productId} /> },
      ]}
    />
  );
}
