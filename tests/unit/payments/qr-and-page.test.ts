/** The pay info's QR image and the sandbox cashier page. */
import QRCode from 'qrcode';
import { payQrPath, qrSvg } from '../../../services/payments/qr-code';
import { sandboxPage, yuan } from '../../../services/api/pay/sandbox-pay.page';

/** The dark cells an SVG of qrcode's path syntax draws ("M2 2.5h7m1 0h1…": moves and horizontal runs). */
function darkCells(svg: string): Set<string> {
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const cells = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Number(b)];
    else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i += 1) cells.add(`${x + i},${Math.floor(y)}`);
      x += Number(a);
    }
  }
  return cells;
}

describe('a QR for a code_url', () => {
  const codeUrl = 'weixin://wxpay/bizpayurl?pr=abc123';

  it('is an SVG of 280 px, rendered locally', async () => {
    const svg = await qrSvg(codeUrl);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="280" height="280"/);
  });

  it('draws exactly the modules of the code_url\'s QR (level M), inside a 2-module quiet zone', async () => {
    const svg = await qrSvg(codeUrl);
    const { modules } = QRCode.create(codeUrl, { errorCorrectionLevel: 'M' });
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) expected.add(`${col + 2},${row + 2}`);
    }
    expect(expected.size).toBeGreaterThan(100);
    expect(darkCells(svg)).toEqual(expected);
  });

  it('differs for another code_url', async () => {
    expect(await qrSvg(codeUrl)).not.toBe(await qrSvg('weixin://wxpay/bizpayurl?pr=xyz789'));
  });

  it('is served per payment under /api/pay/qr, the id escaped', () => {
    expect(payQrPath('JS2026112600001')).toBe('/api/pay/qr/JS2026112600001');
    expect(payQrPath('a/b')).toBe('/api/pay/qr/a%2Fb');
  });
});

describe('amounts on the cashier page', () => {
  it('are yuan with two decimals and thousands separators', () => {
    expect(yuan(1234)).toBe('¥12.34');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(123456700)).toBe('¥1,234,567.00');
  });
});

describe('the cashier page for an unpaid payment', () => {
  const page = sandboxPage({
    amountFen: 9900, description: '<b>红色</b> & "XL"', paymentId: 'P123456', state: 'pending',
    confirmPath: '/pay/sandbox/P123456/confirm', cancelPath: '/pay/sandbox/P123456/cancel',
  });

  it('shows the title, amount and both buttons', () => {
    expect(page).toContain('集市收银台 · 微信支付（沙箱）');
    expect(page).toContain('¥99.00');
    expect(page).toContain('>确认支付</button>');
    expect(page).toContain('>取消</button>');
    expect(page).toContain('name="viewport"');
  });

  it('escapes the description', () => {
    expect(page).toContain('&lt;b&gt;红色&lt;/b&gt; &amp; &quot;XL&quot;');
    expect(page).not.toContain('<b>红色</b>');
  });
});

describe('the cashier page for a settled payment', () => {
  const view = { amountFen: 100, description: 'x', paymentId: 'P123456', confirmPath: '/c', cancelPath: '/x' };

  it('says paid, closed or expired and hides the buttons', () => {
    expect(sandboxPage({ ...view, state: 'paid' })).toContain('该订单已支付');
    expect(sandboxPage({ ...view, state: 'closed' })).toContain('该订单已关闭');
    expect(sandboxPage({ ...view, state: 'expired' })).toContain('二维码已过期');
    expect(sandboxPage({ ...view, state: 'paid' })).toContain('class="actions" hidden');
  });
});
