import type { z } from 'zod';
import type { ApiKeyScope, PermissionArea } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route:
 * - `open`: anyone, no signature (config, health, docs);
 * - `signed`: a valid x-signature, no session (sign-in, the demo outbox);
 * - `session`: a valid signature and session whose user holds a role of `area`.
 *   `scoped` marks routes whose service narrows access further by assignment or ownership;
 *   `apiKey` names the scope with which a service caller's API key (`Authorization: Bearer lk_...`,
 *   no session, no signature) may call it too. A route without `apiKey` refuses every key.
 */
export type Access =
  | { kind: 'open' }
  | { kind: 'signed' }
  | { kind: 'session'; area: PermissionArea; scoped?: boolean; apiKey?: ApiKeyScope };

export interface RouteDef {
  method: HttpMethod;
  /** path under /api, with `{name}` parameters */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** schema of `data` in the success envelope (or the whole body when `raw`) */
  response: z.ZodType;
  /** the body is not wrapped in the envelope (the OpenAPI document) */
  raw?: boolean;
  /** exists only while the server runs in demo mode */
  demoOnly?: boolean;
  /** the largest body the route takes, in bytes, when more than the server's default (1 MiB) */
  bodyLimit?: number;
}

/** Declares a route, keeping its literal types. */
export function route<const R extends RouteDef>(def: R): R {
  return def;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: params, query and body as the route's schemas accept them. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType
  ? { params: InputOf<R['params']> }
  : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: InputOf<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: undefined });

/** What a caller gets back: the `data` of the success envelope. */
export type RouteOutput<R extends RouteDef> = z.output<R['response']>;

/** Fills `{name}` parameters of a path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
