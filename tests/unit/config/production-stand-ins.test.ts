/**
 * Which payment and SMS providers a configuration runs, and what a production start refuses (issue 13 finding 2);
 * the demo merchant and the demo seed, on for `npm start` and off in production unless chosen (issue 29).
 */
import { ConfigError, loadConfig, paymentProviderOf, PAYMENT_REFUSAL, SMS_REFUSAL, standInWarnings } from '../../../services/config';

/** A production start that chose WeChat Pay, the (only) SMS provider and its ops token: it starts, warning of the SMS. */
const PRODUCTION = { NODE_ENV: 'production', WECHATPAY_MCHID: '1900000001', SMS_PROVIDER: 'development', OPS_TOKEN: 'ops-token-of-16-chars' };
/** Its warnings beyond the development SMS's. */
const warningsBeyondSms = (env: Record<string, string>): string[] =>
  standInWarnings(loadConfig(env)).filter((line) => !line.includes('SMS_PROVIDER=development'));
const demoOf = (env: Record<string, string>) => {
  const config = loadConfig(env);
  return {
    seed: config.SEED_DEMO, ship: config.DEMO_MERCHANT_SHIP_AFTER_MS, afterSale: config.DEMO_MERCHANT_AFTER_SALE_AFTER_MS,
  };
};

const refusalsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('outside production', () => {
  it('runs the sandbox cashier and the development SMS by default, without warnings', () => {
    const config = loadConfig({});
    expect(paymentProviderOf(config)).toBe('sandbox');
    expect(standInWarnings(config)).toEqual([]);
  });

  it('runs WeChat Pay when PAYMENT_PROVIDER says so or the merchant keys are set', () => {
    expect(paymentProviderOf(loadConfig({ PAYMENT_PROVIDER: 'wechatpay' }))).toBe('wechatpay');
    expect(paymentProviderOf(loadConfig({ WECHATPAY_MCHID: '1900000001' }))).toBe('wechatpay');
  });

  it('runs the demo merchant and seeds the demo data by default, as `npm start` always has', () => {
    expect(demoOf({})).toEqual({ seed: true, ship: 60000, afterSale: 30000 });
    expect(demoOf({ NODE_ENV: 'development' })).toEqual({ seed: true, ship: 60000, afterSale: 30000 });
    expect(demoOf({ SEED_DEMO: 'false', DEMO_MERCHANT_SHIP_AFTER_MS: '0', DEMO_MERCHANT_AFTER_SALE_AFTER_MS: '5' }))
      .toEqual({ seed: false, ship: 0, afterSale: 5 });
  });

  it('names an unknown provider', () => {
    expect(refusalsOf({ PAYMENT_PROVIDER: 'alipay' })[0]).toMatch(/^PAYMENT_PROVIDER: /);
    expect(refusalsOf({ SMS_PROVIDER: 'aliyun' })[0]).toMatch(/^SMS_PROVIDER: /);
  });
});

describe('in production', () => {
  it('refuses to start with neither a payment provider nor an SMS provider chosen', () => {
    expect(refusalsOf({ NODE_ENV: 'production' })).toEqual([PAYMENT_REFUSAL, SMS_REFUSAL]);
  });

  it('accepts WeChat Pay keys as the payment provider but still wants the SMS choice explicit', () => {
    expect(refusalsOf({ NODE_ENV: 'production', WECHATPAY_MCHID: '1900000001' })).toEqual([SMS_REFUSAL]);
  });

  it('runs the stand-ins only when told explicitly, with a loud warning for each', () => {
    const config = loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' });
    expect(paymentProviderOf(config)).toBe('sandbox');
    const warnings = standInWarnings(config);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^!!! 警告：生产环境正在使用沙箱支付/);
    expect(warnings[1]).toMatch(/^!!! 警告：生产环境正在使用开发短信/);
  });

  it('runs no demo merchant and seeds no demo data unless told to, and warns of nothing then', () => {
    expect(demoOf(PRODUCTION)).toEqual({ seed: false, ship: 0, afterSale: 0 });
    expect(warningsBeyondSms(PRODUCTION)).toEqual([]);
    // empty counts as unset (a compose file's `SEED_DEMO=`)
    expect(demoOf({ ...PRODUCTION, SEED_DEMO: '', DEMO_MERCHANT_SHIP_AFTER_MS: '' })).toEqual({ seed: false, ship: 0, afterSale: 0 });
  });

  it('runs the demo merchant and the demo seed when told explicitly, naming each in a loud warning', () => {
    const env = { ...PRODUCTION, DEMO_MERCHANT_SHIP_AFTER_MS: '60000', DEMO_MERCHANT_AFTER_SALE_AFTER_MS: '30000', SEED_DEMO: 'true' };
    expect(demoOf(env)).toEqual({ seed: true, ship: 60000, afterSale: 30000 });
    const warnings = warningsBeyondSms(env);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^!!! 警告：生产环境正在运行演示商家自动发货（DEMO_MERCHANT_SHIP_AFTER_MS=60000）/);
    expect(warnings[1]).toMatch(/^!!! 警告：生产环境正在运行演示商家自动售后（DEMO_MERCHANT_AFTER_SALE_AFTER_MS=30000）/);
    expect(warnings[2]).toMatch(/^!!! 警告：生产环境将在首次启动时写入演示数据（SEED_DEMO=true）/);
  });

  it('keeps them off when told so explicitly, without a warning', () => {
    const env = { ...PRODUCTION, DEMO_MERCHANT_SHIP_AFTER_MS: '0', DEMO_MERCHANT_AFTER_SALE_AFTER_MS: '0', SEED_DEMO: 'false' };
    expect(demoOf(env)).toEqual({ seed: false, ship: 0, afterSale: 0 });
    expect(warningsBeyondSms(env)).toEqual([]);
  });

  it('warns when it makes its own ops token (no OPS_TOKEN)', () => {
    const { OPS_TOKEN: _chosen, ...withoutToken } = PRODUCTION;
    const warnings = warningsBeyondSms(withoutToken);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^!!! 警告：生产环境未设置 OPS_TOKEN/);
  });
});
