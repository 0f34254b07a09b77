import RightOutlined from '@ant-design/icons/RightOutlined';
import { ProductCard } from '../../../lib/catalog-ui/product-card';
import { getCanvasProducts, type ProductSource } from '../api/get-canvas-products';
import { BlockRetry } from '../block-retry';
import { CanvasLink } from '../canvas-link';
import { ids, num, record, text, type Content } from '../canvas.model';
import { useBlockRequest } from '../canvas-context';
import { BlockTitle } from './block-title';

/** productData.sourceType "1": chosen product ids; "2": a category. Undefined when the editor left it empty. */
function sourceOf(content: Content): ProductSource | undefined {
  const data = record(content.productData);
  if (text(data.sourceType) === '2') {
    const classifyId = num(data.categoryId, 0);
    return classifyId > 0 ? { classifyId } : undefined;
  }
  const productIds = ids(data.productIdList);
  return productIds.length > 0 ? { ids: productIds } : undefined;
}

interface ProductListBlockProps {
  blockKey: string;
  title: string;
  content: Content;
}

/** productList: products by ids or by category (`/canvas/getProducts`, page 1, up to 99), `productNum` per row. */
export function ProductListBlock({ blockKey, title, content }: ProductListBlockProps) {
  const source = sourceOf(content);
  const { data, error, reload } = useBlockRequest(
    blockKey,
    (signal) => (source ? getCanvasProducts(source, signal) : Promise.resolve({ list: [], total: 0 })),
    [JSON.stringify(source)],
  );
  const columns = Math.max(2, Math.min(5, num(content.productNum, 4)));
  const heading = text(content.title) || title;
  const sliding = text(content.arrangeType) === '横向滑动';
  if (error) return <BlockRetry onRetry={reload} />;
  if (!data || data.list.length === 0) return null;
  return (
    <div className="page-width canvas-products">
      <BlockTitle
        title={heading}
        extra={
          content.showMore === true && (
            <CanvasLink linkObj={content.linkObj} className="canvas-block-title__more">
              查看更多 <RightOutlined aria-hidden />
            </CanvasLink>
          )
        }
      />
      <ul
        className={`canvas-products__list${sliding ? ' canvas-products__list--slide' : ''}`}
        style={{ gridTemplateColumns: sliding ? undefined : `repeat(${columns}, 1fr)`, gridAutoColumns: sliding ? `calc((100% - ${(columns - 1) * 16}px) / ${columns})` : undefined }}
      >
        {data.list.map((product) => (
          <li key={`${product.productId}-${product.skuId}`}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </div>
  );
}
