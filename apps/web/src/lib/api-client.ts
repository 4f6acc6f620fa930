import {
  actingRole,
  systemContract,
  buildPath,
  createSigner,
  mapError,
  type AppConfig,
  type RouteDef,
  type RouteInput,
  type RouteOutput,
} from '@lectern/contract';
import { ApiError } from './api-error';
import { clearSession, getSession } from './session';
import { validateAnswer } from './validate-answer';

/**
 * The one API client: every call goes through `apiCall`, typed by the contract's route table.
 * It knows nothing of the UI; when a failure ends the session it clears it and tells the
 * `onSessionInvalid` listeners, and the app decides where to go.
 */

export const API_PREFIX = '/api';

type Sign = ReturnType<typeof createSigner>;

/** The loose shape of a route input, for use inside the client. */
interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface CallOptions {
  /** aborts the request (TanStack Query passes one to every query function) */
  signal?: AbortSignal;
}

/** Input may be left out when the route needs none. */
type InputArgs<R extends RouteDef> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: CallOptions]
    : [input: RouteInput<R>, options?: CallOptions];

export interface ApiResult<R extends RouteDef> {
  data: RouteOutput<R>;
  /** the envelope's message, when the server sent one */
  message: string | undefined;
  headers: Headers;
}

export interface SessionInvalidEvent {
  /** a token was held when the failing call was made (the user was signed in) */
  hadToken: boolean;
  message: string;
}

type SessionInvalidListener = (event: SessionInvalidEvent) => void;
const sessionInvalidListeners = new Set<SessionInvalidListener>();

/** Subscribes to "the session has ended" (spec 1 §8); returns the unsubscribe function. */
export function onSessionInvalid(listener: SessionInvalidListener): () => void {
  sessionInvalidListeners.add(listener);
  return () => {
    sessionInvalidListeners.delete(listener);
  };
}

let configPromise: Promise<AppConfig> | undefined;
let signerPromise: Promise<Sign> | undefined;

/** The runtime configuration, fetched once (and again only after a failure). */
export function getConfig(): Promise<AppConfig> {
  configPromise ??= apiCall(systemContract.config).catch((error: unknown) => {
    configPromise = undefined;
    throw error;
  });
  return configPromise;
}

function getSigner(): Promise<Sign> {
  signerPromise ??= getConfig().then(
    (config) =>
      createSigner({
        publicKey: config.publicKey,
        fixedString: config.fixedString,
        signingSecret: config.signingSecret,
      }),
    (error: unknown) => {
      signerPromise = undefined;
      throw error;
    },
  );
  return signerPromise;
}

/** Forgets the cached configuration and signer (tests, or after the server's keys change). */
/**
 * The sign-out under way, if any: no other call leaves while it is, since the server may end the
 * session before such a call arrives and answer 401 (a refetch or a poll sent during the sign-out),
 * which the browser logs as a failed resource.
 */
let signOutRoute: RouteDef | undefined;

/** Refuses every signed-in call but `logout` until `signingOutEnded()` (the sign-out button). */
export function signingOutStarted(logout: RouteDef): void {
  signOutRoute = logout;
}

export function signingOutEnded(): void {
  signOutRoute = undefined;
}

export function resetApiClient(): void {
  configPromise = undefined;
  signerPromise = undefined;
  signOutRoute = undefined;
}

/** Calls a route and returns the `data` of its success envelope. Failures throw `ApiError`. */
export async function apiCall<R extends RouteDef>(route: R, ...args: InputArgs<R>): Promise<RouteOutput<R>> {
  const result = await apiCallWithHeaders(route, ...args);
  return result.data;
}

/** Like `apiCall`, also giving the envelope message and the response headers (the login token). */
export async function apiCallWithHeaders<R extends RouteDef>(route: R, ...args: InputArgs<R>): Promise<ApiResult<R>> {
  const input: LooseInput = (args[0] ?? {}) as LooseInput;
  const signal = args[1]?.signal;
  const path = buildPath(route.path, input.params ?? {});
  const url = API_PREFIX + path + queryString(input.query);
  if (signOutRoute && route !== signOutRoute && route.access.kind !== 'open')
    throw new ApiError({ message: mapError({}).message });
  const session = getSession();
  const token = session?.token ?? null;

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const role = session ? actingRole(session.roles) : undefined;
  if (role) headers['x-user-info'] = role;

  let response: Response;
  try {
    if (route.access.kind !== 'open') {
      const sign = await getSigner();
      headers['x-signature'] = await sign(route.method, API_PREFIX + path);
    }
    response = await fetch(url, {
      method: route.method,
      headers,
      // Fastify refuses an empty JSON body, so every non-GET call carries one (DELETE included).
      body: route.method === 'GET' ? undefined : JSON.stringify(input.body ?? {}),
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ message: mapError({}, { hasToken: token !== null }).message });
  }

  const body = await readJson(response);
  // a cancelled query (its page closed) may have lost its body half-way: nobody waits for it
  if (signal?.aborted) throw new ApiError({ message: mapError({}).message });
  if (!response.ok) throw failure(response.status, body, token !== null);

  const payload: unknown = route.raw ? body : field(body, 'data');
  const parsed = validateAnswer(route.response, payload);
  if (!parsed.success) {
    // The server broke the contract: show the generic message rather than render a wrong shape.
    console.error(`Unexpected response from ${route.method} ${route.path}`, parsed.error);
    throw new ApiError({ message: mapError({ status: 500 }).message, status: response.status, body });
  }
  const message = field(body, 'message');
  return {
    data: parsed.data as RouteOutput<R>,
    message: typeof message === 'string' ? message : undefined,
    headers: response.headers,
  };
}

function failure(status: number, body: unknown, hadToken: boolean): ApiError {
  const mapped = mapError({ status, data: body }, { hasToken: hadToken });
  const error = new ApiError({
    message: mapped.message,
    status,
    body,
    tokenInvalid: mapped.tokenInvalid,
    sessionEnded: mapped.tokenInvalid && hadToken,
  });
  if (mapped.tokenInvalid) {
    clearSession();
    for (const listener of [...sessionInvalidListeners]) listener({ hadToken, message: mapped.message });
  }
  return error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

/** `?a=1&b=x` from a query object; undefined and null are left out, arrays repeat the key. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Calls a route that answers bytes (a PDF) and returns them as a Blob; signed like every other call.
 * Failures throw `ApiError` with the server's mapped message.
 */
export async function apiBlob<R extends RouteDef>(route: R, ...args: InputArgs<R>): Promise<Blob> {
  const input: LooseInput = (args[0] ?? {}) as LooseInput;
  const signal = args[1]?.signal;
  const path = buildPath(route.path, input.params ?? {});
  const session = getSession();
  const token = session?.token ?? null;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  const role = session ? actingRole(session.roles) : undefined;
  if (role) headers['x-user-info'] = role;

  let response: Response;
  try {
    if (route.access.kind !== 'open') {
      const sign = await getSigner();
      headers['x-signature'] = await sign(route.method, API_PREFIX + path);
    }
    response = await fetch(API_PREFIX + path + queryString(input.query), { method: route.method, headers, signal });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ message: mapError({}, { hasToken: token !== null }).message });
  }
  if (!response.ok) throw failure(response.status, await readJson(response), token !== null);
  return response.blob();
}
