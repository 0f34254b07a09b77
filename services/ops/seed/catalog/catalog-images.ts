/** Picture URLs of categories, shops and marketing blocks (products draw theirs in the product builder). */
import { imageUrl, type Art, type PaletteName } from '../../../api/images/image-url';
import type { FlatCategory } from './categories.data';
import type { ShopSeed } from './shops.data';

export const categoryImage = (c: FlatCategory): string => imageUrl('category', c.art, { palette: c.palette });

export const shopLogo = (s: ShopSeed): string => imageUrl('shop-logo', s.art, { palette: s.palette, label: s.logoText });

export const shopBanner = (s: ShopSeed, i: number): string => {
  const b = s.banners[i % s.banners.length];
  return imageUrl('banner', b.art, { palette: s.palette, label: b.title, sub: b.sub });
};

export const brandImage = (s: ShopSeed): string => imageUrl('brand', s.art, { palette: s.palette, label: s.shopName.slice(0, 6) });

export const bannerImage = (art: Art, palette: PaletteName, title: string, sub: string, quiet = false): string =>
  imageUrl('banner', art, { palette, label: title, sub, ...(quiet ? { v: 2 } : {}) });

export const tileImage = (art: Art, palette: PaletteName, label: string, v = 5): string =>
  imageUrl('product', art, { palette, label, v });
