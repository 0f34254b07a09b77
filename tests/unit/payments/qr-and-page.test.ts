/** The pay info's QR image and the sandbox cashier page. */
import { qrDataUrl } from '../../../services/payments/qr-code';
import { sandboxPage, yuan } from '../../../services/api/pay/sandbox-pay.page';

describe('a QR for a code_url', () => {
  it('is a PNG data URL rendered locally', async () => {
    const url = await qrDataUrl('weixin://wxpay/bizpayurl?pr=abc123');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('differs for another code_url', async () => {
    expect(await qrDataUrl('weixin://wxpay/bizpayurl?pr=abc123')).not.toBe(await qrDataUrl('weixin://wxpay/bizpayurl?pr=xyz789'));
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
