import { vi } from 'vitest';
import type { AppConfig, LoggedInUser, Role } from '@lectern/contract';
import { testKeys } from './keys';

export interface MockRequest {
  method: string;
  /** path under /api, without the query string */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = MockResponse | ((request: MockRequest) => MockResponse | Promise<MockResponse>);

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
 * Replaces fetch with a small fake server. Handlers are keyed 'METHOD /path' (path under /api);
 * the config, the session check and an empty notification list answer by default; anything else
 * is a 404 envelope. Every request is recorded in `requests`.
 */
export async function mockApi(handlers: Record<string, Handler> = {}, options: { config?: Partial<AppConfig> } = {}) {
  const config = await testConfig(options.config);
  const requests: MockRequest[] = [];
  const defaults: Record<string, Handler> = {
    'GET /config': { body: { data: config } },
    'GET /notifications/staff': { body: { data: { notifications: [], unread: 0 } } },
    'GET /auth/session': (request) => ({
      status: request.headers.authorization ? 200 : 401,
      body: request.headers.authorization
        ? { data: { user: sessionUser(), expiresAt: new Date(Date.now() + 3_600_000).toISOString() } }
        : { error: true, message: 'You are not authorized to take this action.' },
    }),
  };
  const all = { ...defaults, ...handlers };

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
    const answer: MockResponse = !handler
      ? { status: 404, body: { error: true, message: 'Something went wrong. Please try again later.' } }
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
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
    find: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
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
