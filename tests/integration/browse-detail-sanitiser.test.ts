/** The seller HTML allow-list (product detail `text`): what survives, what is stripped. */
import { sanitiseSellerHtml } from '../../services/api/product/html-sanitiser';

describe('seller HTML with ordinary formatting', () => {
  it('keeps paragraphs, headings, lists, tables and images', () => {
    const html = '<h3>规格参数</h3><p>轻薄<strong>透气</strong></p><ul><li>尺码 39</li></ul>'
      + '<table><tbody><tr><th>颜色</th><td colspan="2">黑色</td></tr></tbody></table><img src="/images/product/a.svg" alt="鞋">';
    expect(sanitiseSellerHtml(html)).toBe('<h3>规格参数</h3><p>轻薄<strong>透气</strong></p><ul><li>尺码 39</li></ul>'
      + '<table><tbody><tr><th>颜色</th><td colspan="2">黑色</td></tr></tbody></table>'
      + '<img src="/images/product/a.svg" alt="鞋" loading="lazy" />');
  });

  it('keeps https links and makes new-tab links safe', () => {
    expect(sanitiseSellerHtml('<a href="https://example.com/x" target="_blank">说明</a>'))
      .toBe('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">说明</a>');
  });
});

describe('seller HTML carrying script', () => {
  it.each([
    ['<p>好<script>alert(1)</script></p>', '<p>好</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" loading="lazy" />'],
    ['<a href="javascript:alert(1)">点</a>', '<a rel="nofollow">点</a>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">点</a>', '<a rel="nofollow">点</a>'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<style>body{display:none}</style><p style="position:fixed">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg><p>x</p>', '<p>x</p>'],
    ['<form action="/steal"><input name="p"></form>', ''],
    ['<p>a<!-- <script>alert(1)</script> -->b</p>', '<p>ab</p>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ])('%s → %s', (dirty, clean) => {
    expect(sanitiseSellerHtml(dirty)).toBe(clean);
  });

  it('never lets an event handler attribute or a javascript: URL through', () => {
    const out = sanitiseSellerHtml('<div onmouseover="x()"><img src=x onload=y()><a href=" javascript:z()">q</a></div>');
    expect(out).not.toMatch(/on\w+=/i);
    expect(out).not.toMatch(/javascript:/i);
  });
});
