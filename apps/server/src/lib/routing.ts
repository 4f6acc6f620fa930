import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_MESSAGES,
  RoleSchema,
  fillMessage,
  hasPermission,
  type Access,
  type ApiKeyScope,
  type Role,
  type RouteDef,
  type RouteOutput,
} from '@lectern/contract';
import type { z } from 'zod';
import { AppError } from './app-error';
import type { AppDeps } from './deps';

/** The signed-in caller, decided from the session, never from x-user-info. */
export interface AuthContext {
  userId: string;
  /** "Priya Raghavan": read with the session, for activity summaries and notifications */
  name: string;
  roles: Role[];
  tokenHash: string;
  expiresAt: Date;
}

/**
 * A service caller (the storefront, the student app) calling with an API key (DESIGN §10): no user and
 * no role; activity rows name the key ('API key Storefront') and carry no user id.
 */
export interface ApiKeyContext {
  kind: 'apiKey';
  keyId: string;
  userId: null;
  /** 'API key Storefront': the actor's name in activity summaries and on what it creates */
  name: string;
  roles: Role[];
  scopes: ApiKeyScope[];
}

/** Who makes a change: a signed-in user, or a service caller's API key (no user id then). */
export type Actor = Pick<AuthContext | ApiKeyContext, 'userId' | 'name' | 'roles'>;

/** A change only staff make: the user is known (routes without an `apiKey` scope). */
export type StaffActor = Pick<AuthContext, 'userId' | 'name' | 'roles'>;

/** Who reads: enough to decide what they may see. */
export type Viewer = Pick<AuthContext, 'userId' | 'roles'>;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<R extends RouteDef> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /** the session's user; on a route that names an API key scope, or the key that called */
  auth: R['access'] extends { kind: 'session'; apiKey: ApiKeyScope }
    ? AuthContext | ApiKeyContext
    : R['access'] extends { kind: 'session' }
      ? AuthContext
      : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface HandlerResult<R extends RouteDef> {
  data: RouteOutput<R>;
  message?: string;
  /** send these bytes instead of the envelope (a PDF of `data`, say); `data` is still checked against the contract in tests */
  file?: { body: Buffer; contentType: string };
  headers?: Record<string, string>;
  status?: number;
}

export type Handler<R extends RouteDef> = (ctx: HandlerContext<R>) => Promise<HandlerResult<R>>;

/** One handler for each route of a contract domain: the compiler refuses a missing one. */
export type DomainHandlers<D extends Record<string, RouteDef>> = { [K in keyof D]: Handler<D[K]> };

/** `/users/user/role/{role}` -> `/api/users/user/role/:role` */
export function toFastifyPath(path: string): string {
  return `/api${path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`;
}

/**
 * Where a string inside `value` holds a NUL character, which PostgreSQL text cannot store: the path
 * of the first such field ('testimonials.0.title'), '' for `value` itself, undefined when none does.
 */
function nulPath(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (depth > 20 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return key.split('\u0000').join('');
    const inner = nulPath(v, depth + 1);
    if (inner !== undefined) return inner === '' ? key : `${key}.${inner}`;
  }
  return undefined;
}

function parseOrThrow<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const nul = nulPath(value);
  if (nul !== undefined) {
    throw AppError.of(400, 'validation', { details: `${nul || where}: cannot hold a NUL character` });
  }
  const result = schema.safeParse(value ?? (schema.type === 'object' ? {} : value));
  if (!result.success) throw result.error;
  return result.data;
}

/** `Authorization: Bearer lk_...`: a service caller's API key rather than a session token. */
const API_KEY_HEADER = /^Bearer\s+(lk_\S*)\s*$/i;

/**
 * A call with an API key: no session and no signature (a server-to-server caller has neither). An
 * unknown or revoked key answers 401; a valid one may call only routes whose access names a scope it holds.
 */
async function checkApiKey(deps: AppDeps, access: Access, request: FastifyRequest, key: string) {
  const caller = await deps.apiKeys.authenticate(key, request.ip);
  if (access.kind !== 'session' || !access.apiKey || !caller.scopes.includes(access.apiKey)) {
    throw new AppError(403, fillMessage(API_KEY_MESSAGES.notAllowed, { scopes: caller.scopes.join(', ') }));
  }
  return caller;
}

async function checkAccess(
  deps: AppDeps,
  access: Access,
  request: FastifyRequest,
): Promise<AuthContext | ApiKeyContext | undefined> {
  if (access.kind === 'open') return undefined;
  const apiKey = API_KEY_HEADER.exec(request.headers.authorization ?? '')?.[1];
  if (apiKey !== undefined) return checkApiKey(deps, access, request, apiKey);
  const url = request.raw.url ?? request.url;
  const header = request.headers['x-signature'] as string | undefined;
  // BENCH_SKIP_SIGNATURE (benchmarks only; loadConfig refuses it with NODE_ENV=production)
  const signed = !deps.config.benchSkipSignature || deps.config.nodeEnv === 'production';
  if (access.kind === 'signed') {
    if (signed) await deps.signatures.verify(header, request.method, url);
    return undefined;
  }
  // The signature's id is recorded by the same statement that reads the session: one round trip.
  const nonce = signed ? deps.signatures.check(header, request.method, url) : undefined;
  const auth = await deps.sessions.authenticate(request.headers.authorization, nonce);
  if (!auth) throw AppError.of(401, 'unauthorized', {}, { tokenInvalid: true });
  const actingHeader = request.headers['x-user-info'];
  if (actingHeader !== undefined) {
    const acting = RoleSchema.safeParse(actingHeader);
    if (!acting.success || !auth.roles.includes(acting.data)) throw AppError.of(403, 'unauthorized');
  }
  if (!hasPermission(auth.roles, access.area)) throw AppError.of(403, 'unauthorized');
  return auth;
}

/** Registers every route of a contract domain with its handler: access, validation, envelope. */
export function registerDomain<D extends Record<string, RouteDef>>(
  app: FastifyInstance,
  deps: AppDeps,
  domain: D,
  handlers: DomainHandlers<D>,
): void {
  for (const name of Object.keys(domain) as (keyof D & string)[]) {
    const def = domain[name]!;
    const handler = handlers[name] as unknown as Handler<RouteDef>;
    app.route({
      method: def.method,
      url: toFastifyPath(def.path),
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      handler: async (request, reply) => {
        if (def.demoOnly && !deps.config.demoMode) throw AppError.of(404, 'generic');
        const auth = await checkAccess(deps, def.access, request);
        const ctx = {
          params: parseOrThrow(def.params, request.params, 'path'),
          query: parseOrThrow(def.query, request.query, 'query'),
          body: parseOrThrow(def.body, request.body, 'body'),
          auth,
          request,
          reply,
        } as HandlerContext<RouteDef>;
        const result = await handler(ctx);
        if (deps.config.validateResponses) def.response.parse(result.data);
        if (result.headers) void reply.headers(result.headers);
        void reply.status(result.status ?? 200);
        if (result.file) return reply.type(result.file.contentType).send(result.file.body);
        if (def.raw) return reply.send(result.data);
        return reply.send(
          result.message === undefined ? { data: result.data } : { data: result.data, message: result.message },
        );
      },
    });
  }
}
