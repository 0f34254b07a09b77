/**
 * The operations of the generated OpenAPI document (/api/openapi.json) as the fuzzer drives them: method, path
 * template, the JSON schemas of path parameters, query parameters and body, and who may call it.
 */
export type JsonSchema = Record<string, unknown>;

export interface Parameter { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. `/api/images/{kind}/{file}`. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  auth: 'required' | 'optional' | 'none';
  /** `x-input`: a route reading no input, a multipart upload, or WeChat Pay's signed callback (not the envelope). */
  input: string | null;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  'x-auth'?: 'required' | 'optional';
  'x-input'?: string;
}

export interface OpenApiDocument { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> }

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    parameters: op.parameters ?? [],
    body: op.requestBody?.content?.['application/json']?.schema ?? null,
    auth: op['x-auth'] ?? 'none',
    input: op['x-input'] ?? null,
  })));
}

export const operationName = (op: Operation): string => `${op.method} ${op.path}`;
