import { formatMoney } from '../../lib/format';

interface Line {
  skuId: number;
  productName: string;
  image: string;
  value: string;
  number: number;
  price: number;
}

/** The after-sale's product rows: image, name, options, unit price and quantity. */
export function AfterSaleLines({ skus }: { skus: Line[] }) {
  return (
    <ul className="after-lines" data-testid="after-lines">
      {skus.map((sku) => (
        <li key={sku.skuId} className="after-line">
          <img src={sku.image} alt="" className="after-line__image" />
          <span className="after-line__text">
            <span className="after-line__name">{sku.productName}</span>
            {sku.value && <span className="after-line__values">{sku.value}</span>}
          </span>
          <span className="after-line__price">¥{formatMoney(sku.price)}</span>
          <span className="after-line__number">×{sku.number}</span>
        </li>
      ))}
    </ul>
  );
}
