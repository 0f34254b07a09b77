/**
 * Every /api route declares its input (issue 13): zod schemas for the query string, path parameters, body or headers
 * it reads, or an explicit marker for a route that reads none of them or reads a body no JSON schema describes. The
 * OpenAPI document (openapi.ts) marks a route that declares neither `x-input: undeclared`; a test fails on any.
 */
import { z } from 'zod';

/** What a route reads when no JSON schema can say it: nothing, a multipart upload, or a signed WeChat Pay callback. */
export type InputMarker = 'none' | 'multipart' | 'wechat-callback';

declare module 'fastify' {
  interface FastifySchema {
    'x-input'?: InputMarker;
  }
}

/** The schema of a route that reads no query string, no path parameter and no body. */
export const noInput = { 'x-input': 'none' } as const;

/**
 * A route that takes its fields from the JSON body or the query string, merged (the original API accepted both): each
 * field is optional in either place here, and the handler still parses the merged input with its own form.
 */
export function bodyOrQuery<T extends z.ZodObject>(form: T) {
  const either = form.partial();
  return { body: either.nullish(), querystring: either };
}

interface RouteSchema { querystring?: unknown; params?: unknown; body?: unknown; headers?: unknown; 'x-input'?: InputMarker }

/** True when the route declares what it reads (a path with parameters must declare them). */
export function declaresInput(url: string, schema: RouteSchema | undefined): boolean {
  if (!schema) return false;
  if (url.includes(':') && !schema.params) return false;
  return Boolean(schema.querystring || schema.params || schema.body || schema.headers || schema['x-input']);
}
