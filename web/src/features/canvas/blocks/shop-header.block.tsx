import { list, text, type Content } from '../canvas.model';
import { BannerBlock } from './banner.block';

/**
 * shopHead / shopHeader: a shop's own banner. Its navigation labels are not drawn: the block is used on the shop page,
 * whose tabs (店铺首页, 所有商品, one per shop category; spec §2) already are the shop's navigation.
 */
export function ShopHeaderBlock({ content }: { content: Content }) {
  const hasBanner = list(content.bannerData).some((slide) => text(slide.bannerUrl) !== '');
  if (!hasBanner) return null;
  return (
    <div className="canvas-shop-header">
      <BannerBlock content={{ bannerData: content.bannerData }} />
    </div>
  );
}
