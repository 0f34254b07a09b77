import Button from 'antd/es/button';
import Result from 'antd/es/result';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { parseId } from '../../lib/catalog-ui/links';
import { CanvasView } from './canvas-view';

function NoLayout() {
  const navigate = useNavigate();
  return (
    <div className="page-width canvas-empty">
      <Result status="404" title="页面不存在" subTitle="该页面暂无内容" extra={<Button type="primary" onClick={() => navigate('/')}>返回首页</Button>} />
    </div>
  );
}

/** `/` and `/index`: the platform home layout (terminal 4, type 1). */
export function HomeCanvas() {
  return <CanvasView query={{ type: 1 }} />;
}

/** `/custom?shopId`: a custom page (type 2); the query value names the page. */
export function CustomCanvasPage() {
  const [params] = useSearchParams();
  const id = parseId(params.get('shopId'));
  if (!id) return <NoLayout />;
  return <CanvasView query={{ type: 2, shopId: id }} empty={<NoLayout />} />;
}

/** The shop page's 店铺首页 tab: the shop's own layout (type 3). */
export function ShopCanvas({ shopId, empty }: { shopId: number; empty?: ReactNode }) {
  return <CanvasView query={{ type: 3, shopId }} empty={empty} />;
}
