/** Turns a validated image request into its SVG: the one place that maps kinds to renderers. */
import { paletteNames, type Art, type ImageKind, type ImageQuery, type TintName } from './image-url';
import { illustrations } from './svg/art';
import { renderBanner } from './svg/banner.render';
import { palettes, tints } from './svg/colors';
import { renderAvatar, renderBrand, renderCategory, renderShopLogo } from './svg/marks.render';
import { renderProduct } from './svg/product.render';

/** The companion colour of the two-item picture: the drawing's own pick, else white (sky for a white item). */
const altTintOf = (tint: TintName, alt: TintName | undefined) =>
  tints[alt && alt !== tint ? alt : tint === 'white' ? 'sky' : 'white'];

export function renderImage(kind: ImageKind, name: string, q: ImageQuery): string {
  if (kind === 'avatar') return renderAvatar(Number(name), paletteNames.map((n) => palettes[n]));
  const illustration = illustrations[name as Art];
  const tintName = q.tint ?? illustration.tint;
  const picture = { art: illustration.draw, tint: tints[tintName], palette: palettes[q.palette ?? 'slate'], label: q.label };
  switch (kind) {
    case 'product':
      return renderProduct({ ...picture, altTint: altTintOf(tintName, illustration.alt), variant: q.v ?? 1, sub: q.sub });
    case 'category':
      return renderCategory(picture);
    case 'shop-logo':
      return renderShopLogo(picture);
    case 'brand':
      return renderBrand(picture);
    case 'banner':
      return renderBanner({ ...picture, sub: q.sub, variant: q.v ?? 1 });
    default: {
      const never: never = kind;
      return never;
    }
  }
}
