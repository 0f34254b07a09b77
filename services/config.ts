/**
 * The environment, parsed once (DESIGN.md §12). Defaults make `npm start` work on a bare machine:
 * PGlite in ./data, in-process feed, sandbox payments, development SMS, demo data seeded on first start.
 */
import { z } from 'zod';

const optionalUrl = (name: string) =>
  z.string().trim().min(1).optional()
    .refine((v) => v === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(v), { message: `${name} must be a URL` });

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  EVENTSTORE_URL: optionalUrl('EVENTSTORE_URL'),
  KAFKA_BROKERS: z.string().trim().min(1).optional()
    .refine((v) => v === undefined || v.split(',').every((b) => /^[^\s:]+:\d+$/.test(b.trim())), {
      message: 'KAFKA_BROKERS must be a comma-separated list of host:port',
    }),
  OPS_TOKEN: z.string().min(16, 'OPS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30000).default(2000),
  /** inline: projections run in the API process; external: `npm run projections` workers run them (PostgreSQL). */
  PROJECTIONS: z.enum(['inline', 'external']).default('inline'),
  /** Where the built storefront lives; served with an SPA fallback. */
  WEB_DIST: z.string().min(1).default('web/dist'),
  /** Where browsers (and phones scanning a sandbox QR) reach this server; default: the address it listens on. */
  PUBLIC_BASE_URL: optionalUrl('PUBLIC_BASE_URL'),
  /** How often the deadline scheduler looks for due deadlines; 0 = no scheduler in this process. */
  SCHEDULER_POLL_MS: z.coerce.number().int().min(0).max(60000).default(1000),
  /** The demo merchant ships paid orders this long after payment (services/merchant/demo-merchant.ts); 0 = off. */
  DEMO_MERCHANT_SHIP_AFTER_MS: z.coerce.number().int().min(0).max(30 * 24 * 60 * 60 * 1000).default(60000),
  /** The demo merchant agrees to after-sales and takes in returns this long after (demo-merchant-after-sale.ts); 0 = off. */
  DEMO_MERCHANT_AFTER_SALE_AFTER_MS: z.coerce.number().int().min(0).max(30 * 24 * 60 * 60 * 1000).default(30000),
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

export type Config = z.infer<typeof ConfigSchema>;

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
  return parsed.data;
}

export const kafkaBrokers = (config: Config): string[] | undefined =>
  config.KAFKA_BROKERS?.split(',').map((b) => b.trim());
