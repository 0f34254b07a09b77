import { CanvasLink } from '../canvas-link';
import { list, text, type Content } from '../canvas.model';
import { BlockTitle } from './block-title';

/** brandList: a wall of brand logos, each with its link. */
export function BrandListBlock({ content }: { content: Content }) {
  const brands = list(content.imgList).filter((b) => text(b.imgData) !== '');
  if (brands.length === 0) return null;
  return (
    <div className="page-width">
      <BlockTitle title={text(content.title)} align={text(content.textAlign)} />
      <ul className="canvas-brands" style={{ gridTemplateColumns: `repeat(${Math.max(4, Math.min(brands.length, 8))}, minmax(0, 1fr))` }}>
        {brands.map((brand, i) => (
          <li key={i}>
            <CanvasLink linkObj={brand.linkObj} className="canvas-brands__item" label={text(brand.title)}>
              {/* the name beside the logo names the link; the logo repeats it */}
              <img src={text(brand.imgData)} alt="" loading="lazy" decoding="async" />
              {text(brand.title) && <span>{text(brand.title)}</span>}
            </CanvasLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
