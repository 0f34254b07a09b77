/** The generated pictures: every drawing renders as well-formed SVG, URL text is inert, URLs parse back. */
import { arts, ImageQuery, imageKinds, imageUrl, isImageKind, isKnownName, type ImageKind } from '../../../services/api/images/image-url';
import { renderImage } from '../../../services/api/images/render-image';
import { tintOfColour } from '../../../services/ops/seed/catalog/products/product-seed';
import { imageUrls } from './seed.fixtures';

/** Tags balance, attribute values are quoted, and text holds no raw markup or bare ampersands. */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const text = svg.slice(last, m.index);
    if (/[<>]/.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0 && last === svg.length;
}

const NON_AVATAR = imageKinds.filter((k): k is Exclude<ImageKind, 'avatar'> => k !== 'avatar');

describe('rendering', () => {
  it.each(arts.map((art) => [art]))('draws %s as well-formed SVG for every kind and variant', (art) => {
    for (const kind of NON_AVATAR) {
      for (const v of kind === 'product' ? [1, 2, 3, 4, 5, 6] : [1, 2]) {
        const svg = renderImage(kind, art, { palette: 'sky', v, label: '轻薄跑步鞋', sub: '步履轻盈鞋履馆' });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(wellFormed(svg)).toBe(true);
      }
    }
  });

  it('draws all 24 avatars', () => {
    for (let n = 1; n <= 24; n += 1) expect(wellFormed(renderImage('avatar', String(n), {}))).toBe(true);
  });

  it('draws the same picture for the same URL', () => {
    const query = { palette: 'leaf', tint: 'green', v: 4, label: '青苹果' } as const;
    expect(renderImage('product', 'apple', query)).toBe(renderImage('product', 'apple', query));
  });

  it('keeps label text inert: markup and quotes are escaped, never interpreted', () => {
    const svg = renderImage('banner', 'gift', { label: '<script>x</script>', sub: `"a" & 'b'` });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&quot;a&quot; &amp; &apos;b&apos;');
    expect(wellFormed(svg)).toBe(true);
  });
});

describe('the URL grammar', () => {
  it('knows its kinds and names only', () => {
    expect(isImageKind('product')).toBe(true);
    expect(isImageKind('products')).toBe(false);
    expect(isKnownName('product', 'sneaker')).toBe(true);
    expect(isKnownName('product', 'rocket')).toBe(false);
    expect(isKnownName('avatar', '24')).toBe(true);
    expect(isKnownName('avatar', '25')).toBe(false);
    expect(isKnownName('avatar', '07')).toBe(false);
  });

  it('refuses unknown options, control characters and long text', () => {
    expect(ImageQuery.safeParse({ palette: 'sky', v: '2', label: '手机' }).success).toBe(true);
    expect(ImageQuery.safeParse({ palette: 'neon' }).success).toBe(false);
    expect(ImageQuery.safeParse({ v: '7' }).success).toBe(false);
    expect(ImageQuery.safeParse({ label: 'a\u0000b' }).success).toBe(false);
    expect(ImageQuery.safeParse({ label: '一二三四五六七八九十一二三四五六七' }).success).toBe(false);
    expect(ImageQuery.safeParse({ size: '9999' }).success).toBe(false);
  });

  it('builds URLs that read back as the same request', () => {
    const url = new URL(imageUrl('product', 'tea', { palette: 'amber', tint: 'green', v: 3, label: '明前龙井 & 新茶' }), 'http://x');
    expect(url.pathname).toBe('/api/images/product/tea.svg');
    expect(ImageQuery.parse(Object.fromEntries(url.searchParams))).toEqual({ palette: 'amber', tint: 'green', v: 3, label: '明前龙井 & 新茶' });
  });

  it('reads every picture URL of the demo catalogue', () => {
    const urls = imageUrls();
    expect(urls.length).toBeGreaterThan(500);
    for (const text of urls) {
      const url = new URL(text, 'http://x');
      const [, , , kind, file] = url.pathname.split('/');
      const name = file.replace(/\.svg$/, '');
      expect(isImageKind(kind) && isKnownName(kind, name)).toBe(true);
      expect(ImageQuery.safeParse(Object.fromEntries(url.searchParams)).success).toBe(true);
    }
  });
});

describe('colour names of SKUs', () => {
  it.each([['冰川蓝', 'sky'], ['曜石黑', 'black'], ['酒红', 'wine'], ['奶白', 'white'], ['燕麦色', 'beige'], ['焦糖色', 'brown'],
    ['藏青', 'navy'], ['薄荷绿', 'mint'], ['墨绿', 'green'], ['豆沙粉', 'pink'], ['香槟金', 'gold']])('draws %s as %s', (value, tint) => {
    expect(tintOfColour(value)).toBe(tint);
  });

  it('leaves words that name no colour alone', () => {
    expect(tintOfColour('标准版')).toBeUndefined();
  });
});
