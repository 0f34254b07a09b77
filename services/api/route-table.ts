/**
 * The route table, as Fastify's onRoute hook sees every route added, and what routes declare about the shoppers'
 * resources they take ids of (issue 13, the generated IDOR sweep: tests/integration/idor-sweep.test.ts).
 *
 * A signed-in route that takes an id declares `config: { owns: '<kind>' }` — the id names one shopper's resource of
 * that kind, so another shopper's token must get the route's own "not found" and change nothing — or
 * `config: { owns: { none: '<why>' } }` when its ids are not of something a shopper owns (products, shops, coupons
 * on offer). The sweep reads this table, so a new route is swept (or refused for lack of a declaration) without
 * anyone remembering to add it.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** The kinds of resource one shopper owns, by the id field the API names them with. */
export const OWNED_ID_FIELDS = {
  order: 'orderId',
  address: 'receiveId',
  afterSale: 'afterId',
  problem: 'problemId',
  answer: 'answerId',
  message: 'noticeId',
  review: 'commentId',
  payment: 'paymentId',
  collect: 'collectId',
  footprint: 'footprintId',
  /** a coupon in the shopper's wallet: settlement and submit name it as shops[].id */
  couponClaim: 'id',
} as const;

export type OwnedKind = keyof typeof OWNED_ID_FIELDS;

/** What a route's ids are: one shopper's resources of a kind (or kinds), or nobody's (with the reason). */
export type Owns = OwnedKind | readonly OwnedKind[] | { none: string };

/** The kinds of shopper-owned resource a route names; empty for `{ none }` or no declaration. */
export function ownedKindsOf(entry: RouteEntry): OwnedKind[] {
  const owns = entry.config.owns;
  if (typeof owns === 'string') return [owns];
  return Array.isArray(owns) ? [...owns] : [];
}

declare module 'fastify' {
  interface FastifyContextConfig { owns?: Owns }
}

export interface RouteEntry {
  methods: string[];
  url: string;
  config: { auth?: string; owns?: Owns };
  schema?: FastifySchema;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Records every route added from now on; call before any route is registered. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    if (methods.every((m) => m === 'HEAD')) return; // Fastify's automatic HEAD twin of a GET
    table.push({ methods, url: route.url, config: (route.config ?? {}) as RouteEntry['config'], schema: route.schema });
  });
}

/** The routes of `app` (empty when installRouteTable was not called on it). */
export const routeTableOf = (app: FastifyInstance): readonly RouteEntry[] => routeTables.get(app) ?? [];

const ID_KEY = /(^id$|^ids$|Id$|Ids$)/;

interface SchemaNode { shape?: Record<string, unknown>; def?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } }

/**
 * The keys of a zod object schema and of the objects nested in it (arrays included), looking through preprocess,
 * pipes, optional, default, unions and refinements: `{ params: [{ orderId }] }` names orderId.
 */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 12) return [];
  const node = schema as SchemaNode;
  if (node.shape && typeof node.shape === 'object') {
    return Object.entries(node.shape).flatMap(([key, value]) => [key, ...keysOf(value, depth + 1)]);
  }
  const def = node.def ?? node._zod?.def ?? {};
  const inner = [def.innerType, def.out, def.in, def.schema, def.element, ...(Array.isArray(def.options) ? def.options : [])];
  return inner.flatMap((s) => keysOf(s, depth + 1));
}

/** The id-like fields a route's querystring, params and body schemas name. */
export function idFieldsOf(entry: RouteEntry): string[] {
  const schema = entry.schema ?? {};
  const keys = [schema.querystring, schema.params, schema.body].flatMap((s) => keysOf(s));
  return [...new Set(keys.filter((k) => ID_KEY.test(k)))];
}
