import fc from 'fast-check';
import { ErrorEnvelopeSchema, allRoutes, type RouteDef } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samplePath } from '../test/route-samples';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Generated from the contract: every route with a body, parameters or a query gets wrong types,
 * missing fields, oversized strings and unknown fields. No answer may be a 5xx or fall outside
 * the envelope.
 */
const SuccessEnvelope = z.object({ data: z.unknown(), message: z.string().optional() }).strict();

const oversized = fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n));
const wrongValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  oversized,
  fc.constantFrom(null, true, -1, 1e308, '', ' ', '\u0000', '<script>', "'; DROP TABLE users; --", [], {}),
);

function bodyArbitrary(def: RouteDef): fc.Arbitrary<unknown> {
  const shape = (def.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const keys = Object.keys(shape);
  const record = (fields: string[]) =>
    fc.record(Object.fromEntries(fields.map((k) => [k, wrongValue])) as Record<string, fc.Arbitrary<unknown>>);
  return fc.oneof(
    wrongValue,
    keys.length > 0 ? record(keys) : fc.constant({}),
    fc.subarray(keys).chain(record),
    fc
      .tuple(record(keys), fc.string({ minLength: 1, maxLength: 20 }), fc.anything({ maxDepth: 1 }))
      .map(([obj, k, v]) => ({
        ...obj,
        [`unknown_${k}`]: v,
      })),
  );
}

const paramValue = fc.oneof(
  fc.string({ maxLength: 50 }),
  oversized.map((s) => s.slice(0, 3000)),
  fc.constantFrom('..', '%00', '💥', '-1'),
);

async function send(t: TestContext, def: RouteDef, path: string, body: unknown, raw?: string) {
  const token = await t.sessionFor('SUPER_ADMIN');
  return t.call(def.method, path, { token, role: 'SUPER_ADMIN', body, rawBody: raw });
}

/** The answers that are files when they succeed (a CSV, a PDF), not the envelope. */
const FILE_TYPES = /^(text\/csv|application\/pdf)/;

function expectEnvelope(res: { status: number; body: unknown; headers: Record<string, unknown> }, context: string) {
  expect(res.status, context).toBeLessThan(500);
  if (res.status < 300 && FILE_TYPES.test(String(res.headers['content-type'] ?? ''))) return;
  const parsed = res.status < 300 ? SuccessEnvelope.safeParse(res.body) : ErrorEnvelopeSchema.safeParse(res.body);
  expect(parsed.success, `${context} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(true);
}

describe('bad input to every route', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const routes = allRoutes().filter(({ def }) => !def.raw && (def.body || def.params || def.query));

  it('has routes to try', () => {
    expect(routes.length).toBeGreaterThanOrEqual(8);
  });

  for (const { key, def } of routes) {
    it(`${key}: never a 5xx, always the envelope`, async () => {
      const arbitraries: fc.Arbitrary<{ path: string; body: unknown; raw?: string }>[] = [];
      const base = samplePath(def);
      if (def.body) {
        arbitraries.push(bodyArbitrary(def).map((body) => ({ path: base, body })));
        arbitraries.push(
          fc
            .constantFrom('{', '{"a":', 'null', '[1,2', '"text"', 'undefined', '{"mobileNumber": 9000000001}')
            .map((raw) => ({
              path: base,
              body: undefined,
              raw,
            })),
        );
      }
      if (def.params) {
        const names = Object.keys(def.params.shape);
        arbitraries.push(
          fc.array(paramValue, { minLength: names.length, maxLength: names.length }).map((values) => {
            let path = `/api${def.path}`;
            names.forEach((name, i) => (path = path.replace(`{${name}}`, encodeURIComponent(values[i] ?? ''))));
            return { path, body: undefined };
          }),
        );
      }
      if (def.query) {
        const names = Object.keys(def.query.shape);
        arbitraries.push(
          fc
            .dictionary(
              fc.constantFrom(...names, 'extra'),
              fc.oneof(paramValue, fc.constantFrom('-5', '1.5', 'NaN', '99999999')),
            )
            .map((q) => ({
              path: `${base}?${new URLSearchParams(q as Record<string, string>).toString()}`,
              body: undefined,
            })),
        );
      }
      await fc.assert(
        fc.asyncProperty(fc.oneof(...arbitraries), async ({ path, body, raw }) => {
          const res = await send(t, def, path, body, raw);
          expectEnvelope(res, `${def.method} ${path.slice(0, 120)} ${raw ?? JSON.stringify(body)?.slice(0, 200)}`);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
      );
    });
  }
});
