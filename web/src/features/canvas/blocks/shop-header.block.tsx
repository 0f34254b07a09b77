import { CanvasLink } from '../canvas-link';
import { list, text, type Content } from '../canvas.model';
import { BannerBlock } from './banner.block';

/** shopHead / shopHeader: a shop's own banner and its navigation labels (shop page only in practice). */
export function ShopHeaderBlock({ content }: { content: Content }) {
  const labels = list(content.labelList).filter((label) => text(label.name) !== '');
  const hasBanner = list(content.bannerData).some((slide) => text(slide.bannerUrl) !== '');
  if (labels.length === 0 && !hasBanner) return null;
  return (
    <div className="canvas-shop-header">
      {labels.length > 0 && (
        <nav className="canvas-shop-header__labels">
          <div className="page-width">
            {labels.map((label, i) => (
              <CanvasLink key={i} linkObj={label.linkObj} className="canvas-shop-header__label">
                {text(label.name)}
              </CanvasLink>
            ))}
          </div>
        </nav>
      )}
      {hasBanner && <BannerBlock content={{ bannerData: content.bannerData }} />}
    </div>
  );
}
