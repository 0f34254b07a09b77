import { formatMoney } from '../format';

/** A price in yuan: ¥ with two decimals and thousands separators (spec §9), in the site's red. */
export function Price({ value, className, strike = false }: { value: number; className?: string; strike?: boolean }) {
  const Tag = strike ? 's' : 'span';
  return (
    <Tag className={`${strike ? 'price price--original' : 'price'}${className ? ` ${className}` : ''}`}>
      <span className="price__symbol">¥</span>
      {formatMoney(value)}
    </Tag>
  );
}
