/**
 * The sandbox cashier page (集市收银台 · 微信支付（沙箱）): one HTML document with an inline style (style-src allows
 * it) and its script served from SANDBOX_SCRIPT_PATH (the Content-Security-Policy allows scripts from self only; the
 * paths it posts to ride on data- attributes), readable on a phone. 确认支付 and 取消 post to the paths given; the answer is `{ ok, message }`.
 * A banner under the title says plainly that this is the sandbox: 确认支付 marks the order paid and no money moves.
 */

/** The banner every sandbox cashier page shows (tests and the fault suite look for it). */
export const SANDBOX_BANNER = '沙箱支付（测试环境，不会真实扣款）';
/** The cashier page's script, a file of its own so the CSP needs no inline script. */
export const SANDBOX_SCRIPT_PATH = '/pay/sandbox-cashier.js';

export const SANDBOX_SCRIPT = `(function () {
  var msg = document.getElementById('msg'), actions = document.getElementById('actions');
  var paths = { confirm: actions.dataset.confirm, cancel: actions.dataset.cancel };
  var confirmButton = document.getElementById('confirm'), cancelButton = document.getElementById('cancel');
  function show(text, kind) { msg.textContent = text; msg.className = 'msg' + (kind ? ' ' + kind : ''); }
  function busy(on) { confirmButton.disabled = on; cancelButton.disabled = on; }
  confirmButton.addEventListener('click', function () {
    busy(true); show('正在支付…');
    fetch(paths.confirm, { method: 'POST' }).then(function (r) { return r.json(); }).then(function (b) {
      if (b.ok) { actions.hidden = true; show('支付成功，请返回集市查看订单', 'ok'); }
      else { busy(false); show(b.message || '支付失败，请重试', 'err'); }
    }).catch(function () { busy(false); show('网络异常，请重试', 'err'); });
  });
  cancelButton.addEventListener('click', function () {
    busy(true);
    fetch(paths.cancel, { method: 'POST' }).catch(function () {}).then(function () {
      actions.hidden = true; show('已取消支付，可关闭此页面');
      try { window.close(); } catch (e) {}
    });
  });
})();
`;

export type SandboxPageState = 'pending' | 'paid' | 'closed' | 'expired';

export interface SandboxPageView {
  amountFen: number;
  description: string;
  paymentId: string;
  state: SandboxPageState;
  confirmPath: string;
  cancelPath: string;
}

const stateTexts: Record<Exclude<SandboxPageState, 'pending'>, string> = {
  paid: '该订单已支付',
  closed: '该订单已关闭',
  expired: '二维码已过期，请返回集市重新获取',
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** ¥1,234.50 from 123450 fen. */
export function yuan(fen: number): string {
  const whole = Math.floor(fen / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `¥${whole}.${String(fen % 100).padStart(2, '0')}`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f2f2f2;color:#222}
header{background:#07c160;color:#fff;padding:14px 16px;font-size:17px;text-align:center}
main{max-width:420px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:24px 16px;text-align:center}
.desc{color:#666;font-size:14px;margin:0 0 8px;word-break:break-all}
.amount{font-size:36px;font-weight:600;margin:8px 0 4px}
.no{color:#999;font-size:12px;margin:0}
.msg{min-height:22px;margin:18px 0 0;font-size:15px}.msg.ok{color:#07c160}.msg.err{color:#e64340}
.actions{display:flex;flex-direction:column;gap:12px;margin-top:20px}
button{font-size:17px;border:0;border-radius:6px;padding:12px;cursor:pointer}
#confirm{background:#07c160;color:#fff}#cancel{background:#fff;color:#222;border:1px solid #ddd}
button:disabled{opacity:.6;cursor:default}.hint{color:#999;font-size:12px;text-align:center;margin-top:16px}
.sandbox-banner{background:#fff3cd;color:#8a5300;border-bottom:1px solid #f0d48a;padding:10px 16px;text-align:center;font-size:15px;font-weight:600}`;

const BANNER_HTML = `<div class="sandbox-banner" role="alert">${SANDBOX_BANNER}</div>`;

export function sandboxPage(view: SandboxPageView): string {
  const settled = view.state === 'pending' ? '' : stateTexts[view.state];
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>集市收银台 · 微信支付（沙箱）</title><style>${STYLE}</style></head>
<body><header>集市收银台 · 微信支付（沙箱）</header>${BANNER_HTML}<main><div class="card">
<p class="desc">${escapeHtml(view.description)}</p>
<p class="amount">${yuan(view.amountFen)}</p>
<p class="no">支付单号 ${escapeHtml(view.paymentId)}</p>
<p id="msg" class="msg${view.state === 'paid' ? ' ok' : view.state === 'pending' ? '' : ' err'}">${settled}</p>
<div id="actions" class="actions"${view.state === 'pending' ? '' : ' hidden'} data-confirm="${escapeHtml(view.confirmPath)}" data-cancel="${escapeHtml(view.cancelPath)}">
<button id="confirm" type="button">确认支付</button><button id="cancel" type="button">取消</button></div>
</div><p class="hint">沙箱环境：不会产生真实扣款</p></main>
<script src="${SANDBOX_SCRIPT_PATH}"></script></body></html>`;
}

export function missingPaymentPage(): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>集市收银台 · 微信支付（沙箱）</title><style>${STYLE}</style></head>
<body><header>集市收银台 · 微信支付（沙箱）</header>${BANNER_HTML}<main><div class="card">
<p class="msg err">支付单不存在</p></div></main></body></html>`;
}
