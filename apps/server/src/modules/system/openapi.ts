import { allRoutes, ErrorEnvelopeSchema, type RouteDef } from '@lectern/contract';
import { z } from 'zod';

function schemaOf(type: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parameters(def: RouteDef) {
  const list: Record<string, unknown>[] = [];
  for (const [where, obj] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!obj) continue;
    for (const [name, type] of Object.entries(obj.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: where,
        required: where === 'path' || !type.safeParse(undefined).success,
        schema: schemaOf(type, 'input'),
      });
    }
  }
  return list;
}

const SIGNATURE_NOTE =
  'Signed calls carry x-signature (v1.{id}.{timestamp}.{key}.{mac}, see docs/api.md); session calls also carry authorization and x-user-info.';

/** Routes a service caller may call with an API key say so, and with which scope (docs/api.md). */
function apiKeyNote(def: RouteDef): string {
  if (def.access.kind !== 'session' || !def.access.apiKey) return '';
  return ` Service callers may call it instead with an API key of scope ${def.access.apiKey}: authorization 'Bearer lk_...', no x-signature, no x-user-info.`;
}

/** The OpenAPI 3.1 document, generated from the contract's route table. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { key, def } of allRoutes()) {
    const operation: Record<string, unknown> = {
      operationId: key,
      summary: def.summary,
      tags: [key.split('.')[0]],
      description: def.access.kind === 'open' ? 'No signature needed.' : SIGNATURE_NOTE + apiKeyNote(def),
      parameters: parameters(def),
      responses: {
        '200': {
          description: 'Success',
          content: {
            'application/json': {
              schema: def.raw
                ? schemaOf(def.response, 'output')
                : {
                    type: 'object',
                    properties: { data: schemaOf(def.response, 'output'), message: { type: 'string' } },
                    required: ['data'],
                  },
            },
          },
        },
        default: {
          description: 'Failure',
          content: { 'application/json': { schema: schemaOf(ErrorEnvelopeSchema, 'output') } },
        },
      },
      'x-access': def.access,
    };
    if (def.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(def.body, 'input') } },
      };
    }
    const path = `/api${def.path}`;
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Lectern API', version },
    paths,
  };
}
