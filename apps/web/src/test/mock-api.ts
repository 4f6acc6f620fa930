import { vi } from 'vitest';
import type {
  AppConfig,
  Contract,
  ErrorEnvelope,
  LoggedInUser,
  Role,
  RouteDef,
  RouteInput,
  RouteOutput,
} from '@lectern/contract';
import { testKeys } from './keys';

/** Every route of the contract, as one union. */
type AnyRoute = { [D in keyof Contract]: Contract[D][keyof Contract[D]] }[keyof Contract];

/** A contract path with each `{name}` parameter opened to any text: '/coupon/{id}' -> `/coupon/${string}`. */
type PathPattern<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathPattern<Tail>}`
  : P;

type KeyOf<R> = R extends RouteDef ? `${R['method']} ${PathPattern<R['path']>}` : never;

/** 'METHOD /path' of every route (path under /api), parameters matching any concrete value. */
export type RouteKey = KeyOf<AnyRoute>;

type ExactRoute<K extends string, R = AnyRoute> = R extends RouteDef
  ? K extends `${R['method']} ${R['path']}`
    ? R
    : never
  : never;
type MatchingRoute<K extends string, R = AnyRoute> = R extends RouteDef ? (K extends KeyOf<R> ? R : never) : never;

/**
 * The route a concrete key such as 'GET /publisher/coupon/couponid/c-1' calls: the route spelled
 * exactly so when there is one ('/batch/sample-upload' rather than '/batch/{batchId}'), else every
 * route whose pattern matches.
 */
export type RouteOf<K extends string> = [ExactRoute<K>] extends [never] ? MatchingRoute<K> : ExactRoute<K>;

/** The console's index page, served by the web server rather than /api: the new-version check reads it. */
type PageKey = 'GET /';

/** A key `mockApi` answers: a route of the contract, or the index page. */
export type MockKey = RouteKey | PageKey;

/** The JSON body a route's request carries (`unknown` when the route takes none). */
type RequestBody<R extends RouteDef> = R extends RouteDef
  ? RouteInput<R> extends { body: infer B }
    ? B
    : unknown
  : never;

/** A request the fake server received; `Body` is the route's body type where the route is known. */
export interface MockRequest<Body = unknown> {
  method: string;
  /** path under /api, without the query string */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Body;
}

/** The statuses a failure is answered with in the tests. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 422 | 429 | 500 | 502 | 503 | 504;

/** A success: the envelope with the route's output as `data` (the bare output for a `raw` route). */
// `out`: the body is a conditional type, whose variance TypeScript would otherwise not see, letting
// one route's answer pass for another's
interface SuccessAnswer<out R extends RouteDef> {
  status?: 200 | 201;
  body: R extends RouteDef
    ? R['raw'] extends true
      ? RouteOutput<R>
      : { data: RouteOutput<R>; message?: string }
    : never;
  headers?: Record<string, string>;
}

/** A failure: the error envelope (left out when the test plays a server that sent nothing). */
interface ErrorAnswer {
  status: ErrorStatus;
  body?: ErrorEnvelope;
  headers?: Record<string, string>;
}

/**
 * Bytes rather than JSON: what a download route (the labels PDF, the delivery CSV, the invoice PDF,
 * the sample spreadsheet) really answers; the contract's `response` of those routes describes the file.
 */
interface FileAnswer {
  status?: 200;
  file: string | Blob;
  headers: { 'content-type': string } & Record<string, string>;
}

/** The request a route's handler receives. */
export type RouteRequest<R extends RouteDef> = MockRequest<RequestBody<R>>;

export type MockResponse<R extends RouteDef> = SuccessAnswer<R> | ErrorAnswer | FileAnswer;

export type MockHandler<R extends RouteDef> =
  MockResponse<R> | ((request: RouteRequest<R>) => MockResponse<R> | Promise<MockResponse<R>>);

/**
 * Handlers keyed 'METHOD /path' with concrete paths (path under /api): a key that matches no
 * route of the contract does not compile, and each answer is typed by its route. A test's setup
 * helper that passes handlers on takes `handlers: MockHandlers<K>` with its own `K extends RouteKey`.
 */
export type MockHandlers<K extends MockKey = never> = {
  [P in K]?: P extends PageKey ? FileAnswer | ErrorAnswer : MockHandler<RouteOf<P>>;
};

/**
 * One handler under a key built at run time (`GET /batch/getBatchById/${batch.batchId}`), spread into
 * `mockApi({...})`: the key is checked against the contract's patterns and the answer typed by its route,
 * which an object literal's computed key (typed `string`) would not be.
 */
export function answer<const K extends MockKey>(key: K, handler: NonNullable<MockHandlers<K>[K]>): MockHandlers<K> {
  return { [key]: handler } as MockHandlers<K>;
}

export const TEST_FIXED_STRING = 'lectern-fixed-string';
export const TEST_SIGNING_SECRET = 'test-signing-secret';

export async function testConfig(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  const { publicKeyPem } = await testKeys();
  return {
    environment: 'test',
    environmentLabel: 'Test',
    production: false,
    storageEnvironment: 'test',
    videos: { bucket: 'lectern', cdnBase: 'http://cdn.test' },
    resources: [],
    transcodingEnvironment: 'test',
    demoMode: false,
    publicKey: publicKeyPem,
    fixedString: TEST_FIXED_STRING,
    signingSecret: TEST_SIGNING_SECRET,
    cdnBase: 'http://cdn.test',
    resourceTypes: [],
    version: '0.1.0-test',
    ...overrides,
  };
}

export function testUser(roles: Role[], userName = 'Asha Rani Verma'): LoggedInUser {
  return {
    userId: 'u-1',
    userName,
    email: 'asha@lectern.test',
    image: null,
    roles: roles.map((roleName) => ({ roleName })),
  };
}

/**
 * Replaces fetch with a small fake server. Handlers are keyed 'METHOD /path' (path under /api) and
 * typed from the contract (see `MockHandlers`); the config, the session check and an empty
 * notification list answer by default; anything else is a 404 envelope. Every request is recorded
 * in `requests`.
 */
export async function mockApi<K extends MockKey = never>(
  handlers: MockHandlers<K> = {},
  options: { config?: Partial<AppConfig> } = {},
) {
  const config = await testConfig(options.config);
  const requests: MockRequest[] = [];
  const defaults: MockHandlers<'GET /config' | 'GET /notifications/staff' | 'GET /auth/session'> = {
    'GET /config': { body: { data: config } },
    'GET /notifications/staff': { body: { data: { notifications: [], unread: 0 } } },
    'GET /auth/session': (request) =>
      request.headers.authorization
        ? { body: { data: { user: sessionUser(), expiresAt: new Date(Date.now() + 3_600_000).toISOString() } } }
        : { status: 401, body: { error: true, message: 'You are not authorized to take this action.' } },
  };
  // the typing is per key above; here a request's key is only known at run time
  const all = { ...defaults, ...handlers } as Record<string, MockHandler<RouteDef> | undefined>;

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://lectern.test',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request: MockRequest = { method, path, query: url.searchParams, headers, body };
    requests.push(request);
    const handler = all[`${method} ${path}`];
    const answer: MockResponse<RouteDef> = !handler
      ? { status: 404, body: { error: true, message: 'Something went wrong. Please try again later.' } }
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    if ('file' in answer) return new Response(answer.file, { status: answer.status ?? 200, headers: answer.headers });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    config,
    /** The requests made to one key, their bodies typed by its route. */
    find: <F extends MockKey>(key: F) =>
      requests.filter((r) => `${r.method} ${r.path}` === key) as MockRequest<RequestBody<RouteOf<F>>>[],
  };
}

let currentUser: LoggedInUser = testUser(['SUPER_ADMIN']);
function sessionUser(): LoggedInUser {
  return currentUser;
}
/** The user GET /auth/session answers with (set by renderApp). */
export function setSessionUser(user: LoggedInUser): void {
  currentUser = user;
}
