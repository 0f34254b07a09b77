/**
 * The environment, parsed once (DESIGN.md §12). Defaults make `npm start` work on a bare machine:
 * PGlite in ./data, in-process feed, sandbox payments, development SMS, demo data seeded on first start, a demo
 * merchant that ships and agrees to after-sales by itself.
 * A production start (NODE_ENV=production) runs none of those stand-ins unless it is told to explicitly: the sandbox
 * payments and the development SMS it refuses to start without (PAYMENT_PROVIDER=sandbox, SMS_PROVIDER=development),
 * the demo merchant and the demo seed are off (DEMO_MERCHANT_*_AFTER_MS, SEED_DEMO=true turn them on). Each one told
 * to run there is named in a loud warning at start (standInWarnings): the sandbox cashier marks orders paid without
 * charging anyone, and the demo merchant ships with made-up waybills and refunds returns no one received (issue 29).
 */
import { z } from 'zod';

const optionalUrl = (name: string) =>
  z.string().trim().min(1).optional()
    .refine((v) => v === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(v), { message: `${name} must be a URL` });

const ConfigSchema = z.object({
  /** Only 'production' changes anything: it refuses the development stand-ins unless they are chosen explicitly. */
  NODE_ENV: z.string().trim().min(1).optional(),
  /** sandbox: the built-in cashier (no money moves); wechatpay: WeChat Pay v3 Native (WECHATPAY_*). Default below. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechatpay']).optional(),
  /** development: codes go to the log and the ops outbox (the only provider so far); explicit in production. */
  SMS_PROVIDER: z.enum(['development']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** OpenTelemetry traces over OTLP/HTTP to `<endpoint>/v1/traces` (services/tracing); unset: tracing off, at no cost. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().trim().url().optional(),
  /** The service name the spans carry (default jishi-api, jishi-projections for the worker). */
  OTEL_SERVICE_NAME: z.string().trim().min(1).optional(),
  /** Prometheus metrics at `http://<HOST>:<METRICS_PORT>/metrics` (no token: bind it where only ops reach); unset: off. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  EVENTSTORE_URL: optionalUrl('EVENTSTORE_URL'),
  KAFKA_BROKERS: z.string().trim().min(1).optional()
    .refine((v) => v === undefined || v.split(',').every((b) => /^[^\s:]+:\d+$/.test(b.trim())), {
      message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
    }),
  OPS_TOKEN: z.string().min(16, 'OPS_TOKEN must be at least 16 characters').optional(),
  /** The Ed25519 key signing the audit chain anchors: PEM text or a file path; unset: one kept in DATA_DIR. */
  AUDIT_SIGNING_KEY: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalogue on first start. Default: true, but false in production (DEMO_DEFAULTS). */
  SEED_DEMO: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30000).default(2000),
  /** A started checkout neither completed nor failed by then is given up and gives its reservations back. */
  CHECKOUT_DEADLINE_MS: z.coerce.number().int().min(10_000).max(24 * 60 * 60 * 1000).default(120_000),
  /** inline: projections run in the API process; external: `npm run projections` workers run them (PostgreSQL). */
  PROJECTIONS: z.enum(['inline', 'external']).default('inline'),
  /** Where the built storefront lives; served with an SPA fallback. */
  WEB_DIST: z.string().min(1).default('web/dist'),
  /** Where browsers (and phones scanning a sandbox QR) reach this server; default: the address it listens on. */
  PUBLIC_BASE_URL: optionalUrl('PUBLIC_BASE_URL'),
  /**
   * Behind a reverse proxy: the proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs, e.g.
   * `127.0.0.1`), so per-client limits see the shopper's address rather than the proxy's. Unset: the connection's.
   */
  TRUST_PROXY: z.string().trim().min(1).optional(),
  /**
   * On SIGTERM, how long the process keeps serving while /api/health/live answers 503 and every answer closes its
   * connection, so a proxy's health check takes it out of rotation before it stops listening (infra/cluster: 3000).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60000).default(0),
  /** How often the deadline scheduler looks for due deadlines; 0 = no scheduler in this process. */
  SCHEDULER_POLL_MS: z.coerce.number().int().min(0).max(60000).default(1000),
  /**
   * How long after a process's last event the one resumer (services/processes/process-resumer.ts) looks at it: a
   * process a crash stopped is carried on then by whichever instance claims it (fault tests: 1000).
   */
  PROCESS_RESUME_AFTER_MS: z.coerce.number().int().min(0).max(24 * 60 * 60 * 1000).default(30000),
  /**
   * How long health waits for the Kafka cluster's state (a describe and the topics' offsets) before calling Kafka down
   * (issue 30: 1.5 s without a setting reported Kafka down on a loaded machine).
   */
  HEALTH_KAFKA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * The demo merchant ships paid orders this long after payment (services/merchant/demo-merchant.ts); 0 = off.
   * Default: 60000, but 0 in production (DEMO_DEFAULTS).
   */
  DEMO_MERCHANT_SHIP_AFTER_MS: z.coerce.number().int().min(0).max(30 * 24 * 60 * 60 * 1000).optional(),
  /**
   * The demo merchant agrees to after-sales and takes in returns this long after (demo-merchant-after-sale.ts); 0 = off.
   * Default: 30000, but 0 in production (DEMO_DEFAULTS).
   */
  DEMO_MERCHANT_AFTER_SALE_AFTER_MS: z.coerce.number().int().min(0).max(30 * 24 * 60 * 60 * 1000).optional(),
  // --- abuse limits (issue 13): all state in the database, so they hold across API instances ---
  /**
   * Wrong SMS codes checked for one phone, from all clients together, within the sliding SMS_WRONG_TRIES_WINDOW_MS:
   * the bound on a guesser's chance (13 of 9^4 = 6561 codes ≈ 0.198 % a day, services/identity/sms-guard.ts).
   */
  SMS_WRONG_TRIES_PER_PHONE: z.coerce.number().int().min(1).max(1000).default(13),
  /** Wrong SMS codes one client network (IPv4 /24, IPv6 /64) may give for one phone in that window. */
  SMS_WRONG_TRIES_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(10),
  /** The last tries of SMS_WRONG_TRIES_PER_PHONE: one each, for client networks with no wrong try for the phone. */
  SMS_WRONG_TRIES_RESERVED: z.coerce.number().int().min(0).max(1000).default(3),
  SMS_WRONG_TRIES_WINDOW_MS: z.coerce.number().int().min(60_000).max(30 * 24 * 60 * 60 * 1000).default(24 * 60 * 60 * 1000),
  /** Retired (issue 29): a lock now lasts until its wrong tries leave the sliding window. Accepted and ignored. */
  SMS_PHONE_LOCK_MS: z.coerce.number().int().min(60_000).max(30 * 24 * 60 * 60 * 1000).optional(),
  /** Codes one client address may be sent per sliding SMS_SEND_WINDOW_MS, and codes sent to anyone in it. */
  SMS_SENDS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SMS_SENDS_TOTAL: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Shares of SMS_SENDS_TOTAL so one abuser cannot spend it all (unset: a tenth, a tenth, a fifth of the total). */
  SMS_SENDS_PER_NETWORK: z.coerce.number().int().min(1).max(10_000_000).optional(),
  SMS_SENDS_PER_NUMBER_RANGE: z.coerce.number().int().min(1).max(10_000_000).optional(),
  SMS_SENDS_RESERVED_FOR_RETURNING: z.coerce.number().int().min(0).max(10_000_000).optional(),
  SMS_SEND_WINDOW_MS: z.coerce.number().int().min(1000).max(24 * 60 * 60 * 1000).default(60 * 60 * 1000),
  /** Stock hoarding: orders one shopper may hold unpaid, and units of one SKU across them. */
  UNPAID_ORDERS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  UNPAID_UNITS_PER_SKU_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /**
   * Days a completed order accepts after-sales once receipt is confirmed (issue 29): never below the law's 七天无理由退货
   * (消费者权益保护法 §25); recorded on the order as afterSaleUntil (domain/order/after-sale-window.ts).
   */
  AFTER_SALE_WINDOW_DAYS: z.coerce.number().int().min(7, 'AFTER_SALE_WINDOW_DAYS must be at least 7 (七天无理由退货)').max(365).default(15),
  /** The share (percent) of a SKU's listed stock one shopper may hold unpaid, at least one unit (a small stock). */
  UNPAID_SHARE_OF_STOCK_PERCENT: z.coerce.number().int().min(1).max(100).default(30),
  // WeChat Pay v3 Native: setting the merchant keys replaces the sandbox (services/payments/wechatpay-config.ts).
  WECHATPAY_MCHID: z.string().trim().min(1).optional(),
  WECHATPAY_APPID: z.string().trim().min(1).optional(),
  /** The merchant API certificate's serial number. */
  WECHATPAY_SERIAL_NO: z.string().trim().min(1).optional(),
  /** The merchant API private key: PEM text or a file path. */
  WECHATPAY_PRIVATE_KEY: z.string().trim().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, 'WECHATPAY_APIV3_KEY must be 32 characters').optional(),
  /** The platform certificate or platform public key: PEM text or a file path. */
  WECHATPAY_PLATFORM_CERT: z.string().trim().min(1).optional(),
  /** The platform serial (or public key id) callbacks must name; read from the certificate when it is one. */
  WECHATPAY_PLATFORM_SERIAL: z.string().trim().min(1).optional(),
  WECHATPAY_NOTIFY_URL: optionalUrl('WECHATPAY_NOTIFY_URL'),
  WECHATPAY_BASE_URL: optionalUrl('WECHATPAY_BASE_URL'),
});

type ParsedEnv = z.infer<typeof ConfigSchema>;

/** The demo stand-ins, whose defaults depend on NODE_ENV: on for `npm start`, off in production. */
type DemoKey = 'SEED_DEMO' | 'DEMO_MERCHANT_SHIP_AFTER_MS' | 'DEMO_MERCHANT_AFTER_SALE_AFTER_MS';

export type Config = Omit<ParsedEnv, DemoKey> & {
  SEED_DEMO: boolean;
  DEMO_MERCHANT_SHIP_AFTER_MS: number;
  DEMO_MERCHANT_AFTER_SALE_AFTER_MS: number;
};

/** What the demo stand-ins default to outside production and in it. */
const DEMO_DEFAULTS = {
  development: { SEED_DEMO: true, DEMO_MERCHANT_SHIP_AFTER_MS: 60_000, DEMO_MERCHANT_AFTER_SALE_AFTER_MS: 30_000 },
  production: { SEED_DEMO: false, DEMO_MERCHANT_SHIP_AFTER_MS: 0, DEMO_MERCHANT_AFTER_SALE_AFTER_MS: 0 },
} as const satisfies Record<string, Pick<Config, DemoKey>>;

function withDemoDefaults(parsed: ParsedEnv): Config {
  const defaults = parsed.NODE_ENV === 'production' ? DEMO_DEFAULTS.production : DEMO_DEFAULTS.development;
  return {
    ...parsed,
    SEED_DEMO: parsed.SEED_DEMO ?? defaults.SEED_DEMO,
    DEMO_MERCHANT_SHIP_AFTER_MS: parsed.DEMO_MERCHANT_SHIP_AFTER_MS ?? defaults.DEMO_MERCHANT_SHIP_AFTER_MS,
    DEMO_MERCHANT_AFTER_SALE_AFTER_MS: parsed.DEMO_MERCHANT_AFTER_SALE_AFTER_MS ?? defaults.DEMO_MERCHANT_AFTER_SALE_AFTER_MS,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env`; throws ConfigError naming every bad key at once. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = ConfigSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const config = withDemoDefaults(parsed.data);
  const refused = refusedStandIns(config);
  if (refused.length > 0) throw new ConfigError(refused);
  return config;
}

export const isProduction = (config: Config): boolean => config.NODE_ENV === 'production';

const WECHATPAY_KEYS = ['WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_APIV3_KEY', 'WECHATPAY_PLATFORM_CERT', 'WECHATPAY_NOTIFY_URL'] as const;

/**
 * Which payment provider runs: PAYMENT_PROVIDER when set; else WeChat Pay when any WECHATPAY_* merchant key is set;
 * else the sandbox outside production. null: production with nothing chosen (loadConfig refuses that).
 */
export function paymentProviderOf(config: Config): 'sandbox' | 'wechatpay' | null {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  if (WECHATPAY_KEYS.some((key) => config[key] !== undefined)) return 'wechatpay';
  return isProduction(config) ? null : 'sandbox';
}

export const PAYMENT_REFUSAL = 'PAYMENT_PROVIDER: 生产环境（NODE_ENV=production）必须配置真实支付渠道，拒绝启动沙箱支付（不会真实扣款）。' +
  '请设置 PAYMENT_PROVIDER=wechatpay 及 WECHATPAY_* 商户密钥；确需沙箱请显式设置 PAYMENT_PROVIDER=sandbox。' +
  ' / A production start needs a real payment provider: set PAYMENT_PROVIDER=wechatpay with the WECHATPAY_* keys,' +
  ' or PAYMENT_PROVIDER=sandbox explicitly to run the sandbox cashier (it marks orders paid without charging).';

export const SMS_REFUSAL = 'SMS_PROVIDER: 生产环境（NODE_ENV=production）没有真实短信渠道，开发短信只写日志，不会发送短信。' +
  '确需使用请显式设置 SMS_PROVIDER=development。' +
  ' / A production start has no real SMS provider: the development provider only logs the codes;' +
  ' set SMS_PROVIDER=development explicitly to run it.';

function refusedStandIns(config: Config): string[] {
  if (!isProduction(config)) return [];
  const problems: string[] = [];
  if (paymentProviderOf(config) === null) problems.push(PAYMENT_REFUSAL);
  if (config.SMS_PROVIDER === undefined) problems.push(SMS_REFUSAL);
  return problems;
}

/**
 * The loud lines a production start prints for each stand-in it was told explicitly to run (in production the
 * demo ones default to off, so any of them on was chosen), and for the ops token it makes itself when OPS_TOKEN is
 * not set (kept in DATA_DIR/ops-token: one per data directory, not one the operator chose and shares).
 */
export function standInWarnings(config: Config): string[] {
  if (!isProduction(config)) return [];
  const warnings: string[] = [];
  if (paymentProviderOf(config) === 'sandbox') {
    warnings.push('!!! 警告：生产环境正在使用沙箱支付（PAYMENT_PROVIDER=sandbox），订单不会真实扣款 /' +
      ' WARNING: production is running the SANDBOX payment provider: orders are marked paid without any charge');
  }
  if (config.SMS_PROVIDER === 'development') {
    warnings.push('!!! 警告：生产环境正在使用开发短信（SMS_PROVIDER=development），验证码只写日志，不会发送 /' +
      ' WARNING: production is running the DEVELOPMENT SMS provider: codes are only logged, never sent');
  }
  if (config.DEMO_MERCHANT_SHIP_AFTER_MS > 0) {
    warnings.push(`!!! 警告：生产环境正在运行演示商家自动发货（DEMO_MERCHANT_SHIP_AFTER_MS=${config.DEMO_MERCHANT_SHIP_AFTER_MS}），` +
      '已支付订单将以生成的运单号自动发货，无需商家操作 /' +
      ' WARNING: production is running the DEMO MERCHANT: every paid order is shipped with a made-up waybill' +
      ` ${config.DEMO_MERCHANT_SHIP_AFTER_MS} ms after payment, no merchant involved`);
  }
  if (config.DEMO_MERCHANT_AFTER_SALE_AFTER_MS > 0) {
    warnings.push('!!! 警告：生产环境正在运行演示商家自动售后' +
      `（DEMO_MERCHANT_AFTER_SALE_AFTER_MS=${config.DEMO_MERCHANT_AFTER_SALE_AFTER_MS}），售后申请将被自动同意、退货自动签收并退款 /` +
      ' WARNING: production is running the DEMO MERCHANT after-sales: every application is agreed and every return' +
      ` taken in and refunded ${config.DEMO_MERCHANT_AFTER_SALE_AFTER_MS} ms after it arrives, no merchant involved`);
  }
  if (config.SEED_DEMO) {
    warnings.push('!!! 警告：生产环境将在首次启动时写入演示数据（SEED_DEMO=true），包括演示店铺、商品、优惠券与公告 /' +
      ' WARNING: production seeds the DEMO data on first start (SEED_DEMO=true): demo shops, products, coupons, notices');
  }
  if (config.OPS_TOKEN === undefined) {
    warnings.push('!!! 警告：生产环境未设置 OPS_TOKEN，运维令牌由本进程生成并保存在 DATA_DIR/ops-token /' +
      ' WARNING: production has no OPS_TOKEN: the /internal ops token is generated and kept in DATA_DIR/ops-token;' +
      ' set OPS_TOKEN to choose it');
  }
  return warnings;
}

export const kafkaBrokers = (config: Config): string[] | undefined =>
  config.KAFKA_BROKERS?.split(',').map((b) => b.trim());

/** Brute-force and flooding limits of SMS codes (services/identity/sms-guard.ts). */
export interface SmsLimits {
  wrongTriesPerPhone: number; wrongTriesPerClient: number; wrongTriesReserved: number; wrongTriesWindowMs: number;
  sendsPerClient: number; sendsPerNetwork: number; sendsPerNumberRange: number;
  sendsTotal: number; sendsReservedForReturning: number; sendWindowMs: number;
}

/** Stock hoarding limits of unpaid orders (services/checkout/unpaid-order-limits.ts). */
export interface UnpaidOrderLimits { ordersPerUser: number; unitsPerSkuPerUser: number; shareOfStockPercent: number }

export const smsLimitsOf = (config: Config): SmsLimits => ({
  wrongTriesPerPhone: config.SMS_WRONG_TRIES_PER_PHONE,
  wrongTriesPerClient: config.SMS_WRONG_TRIES_PER_CLIENT,
  wrongTriesReserved: Math.min(config.SMS_WRONG_TRIES_RESERVED, config.SMS_WRONG_TRIES_PER_PHONE - 1),
  wrongTriesWindowMs: config.SMS_WRONG_TRIES_WINDOW_MS,
  sendsPerClient: config.SMS_SENDS_PER_CLIENT,
  sendsPerNetwork: config.SMS_SENDS_PER_NETWORK ?? Math.max(Math.floor(config.SMS_SENDS_TOTAL / 10), 1),
  sendsPerNumberRange: config.SMS_SENDS_PER_NUMBER_RANGE ?? Math.max(Math.floor(config.SMS_SENDS_TOTAL / 10), 1),
  sendsTotal: config.SMS_SENDS_TOTAL,
  sendsReservedForReturning: Math.min(
    config.SMS_SENDS_RESERVED_FOR_RETURNING ?? Math.floor(config.SMS_SENDS_TOTAL / 5), config.SMS_SENDS_TOTAL),
  sendWindowMs: config.SMS_SEND_WINDOW_MS,
});

export const unpaidOrderLimitsOf = (config: Config): UnpaidOrderLimits => ({
  ordersPerUser: config.UNPAID_ORDERS_PER_USER,
  unitsPerSkuPerUser: config.UNPAID_UNITS_PER_SKU_PER_USER,
  shareOfStockPercent: config.UNPAID_SHARE_OF_STOCK_PERCENT,
});

/** The limits of a start with none of these variables set. */
const BARE_START: Config = withDemoDefaults(ConfigSchema.parse({}));
export const DEFAULT_SMS_LIMITS: SmsLimits = smsLimitsOf(BARE_START);
export const DEFAULT_UNPAID_ORDER_LIMITS: UnpaidOrderLimits = unpaidOrderLimitsOf(BARE_START);
export const DEFAULT_AFTER_SALE_WINDOW_DAYS: number = BARE_START.AFTER_SALE_WINDOW_DAYS;
