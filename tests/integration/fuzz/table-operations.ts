/**
 * The routes the OpenAPI document leaves out — /internal/* (ops and the merchant side, x-ops-token) and /pay/* (the
 * sandbox cashier) — as operations the fuzzer drives, read from the route table (services/api/route-table.ts) so a
 * route added there is fuzzed without anyone remembering to add it (issue 29: /internal/payments/reconcile and
 * /internal/audit/key were not). Their zod schemas become JSON schemas the way the document's are made.
 */
import { z } from 'zod';
import type { RouteEntry } from '../../../services/api/route-table';
import type { JsonSchema, Operation, Parameter } from './contract-operations';

/** Outside the document: ops, the merchant side, the sandbox cashier. /ws is a websocket, not a request to fuzz. */
export const isUndocumentedRoute = (url: string): boolean => url.startsWith('/internal/') || url.startsWith('/pay/');

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {}; // a schema JSON Schema cannot say: any value
  }
}

function parametersOf(schema: unknown, where: 'path' | 'query'): Parameter[] {
  const json = jsonSchemaOf(schema);
  const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }));
}

/** `/internal/orders/:orderId/ship` → `/internal/orders/{orderId}/ship`, the document's way of writing a path. */
export const templateOf = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function tableOperations(routes: readonly RouteEntry[]): Operation[] {
  return routes.filter((route) => isUndocumentedRoute(route.url)).flatMap((route) => {
    const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
    const pathNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const declared = parametersOf(schema.params, 'path');
    const path = pathNames.map((name) => declared.find((p) => p.name === name) ?? { name, in: 'path' as const, required: true, schema: { type: 'string' } });
    const parameters = [...path, ...parametersOf(schema.querystring, 'query')];
    const body = jsonSchemaOf(schema.body);
    return route.methods.filter((m) => m !== 'HEAD').map((method): Operation => ({
      method, path: templateOf(route.url), parameters, body, auth: route.url.startsWith('/internal/') ? 'required' : 'none',
      input: route.url.startsWith('/pay/sandbox') ? 'sandbox-cashier' : null,
    }));
  });
}
