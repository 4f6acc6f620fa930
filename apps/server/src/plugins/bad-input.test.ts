import fc from 'fast-check';
import { ErrorEnvelopeSchema, allRoutes, type RouteDef } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samplePath } from '../test/route-samples';
import { leafAt, leafPaths, sampleOf, validSample, withLeaf } from '../test/schema-samples';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * Generated from the contract: every route with a body, parameters or a query gets wrong types,
 * missing fields, oversized strings and unknown fields. No answer may be a 5xx or fall outside
 * the envelope. Then the walk: a valid body and query made from each route's schemas, with one
 * field at a time set to a semantically bad value (an impossible day, an out-of-range number, a
 * huge string, mixed scripts, control characters, a javascript: or data: link). A value the
 * contract refuses answers 400 naming the field; a value it takes may be taken; never a 5xx.
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
  // One session for the whole walk (what is tried is the input, not the sign-in), made again should a
  // request end it, so every request is answered as for a signed-in super admin.
  let token = '';
  type Answer = Awaited<ReturnType<TestContext['call']>>;
  async function asSuperAdmin(method: string, path: string, body: unknown, raw?: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      if (!token) token = await t.sessionFor('SUPER_ADMIN');
      const res = await t.call(method, path, { token, role: 'SUPER_ADMIN', body, rawBody: raw });
      if (res.status !== 401 || attempt > 0) return res;
      token = '';
    }
  }
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
          const res = await asSuperAdmin(def.method, path, body, raw);
          expectEnvelope(res, `${def.method} ${path.slice(0, 120)} ${raw ?? JSON.stringify(body)?.slice(0, 200)}`);
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
      );
    });
  }
  // ---- the walk: one semantically bad value in one field of an otherwise valid request

  /** Bad values for a text field (and, as text, for every query field). */
  const BAD_TEXT: [string, string][] = [
    ['an impossible day', '2027-02-30'],
    ['month 13', '2026-13-01'],
    ['30 April 31st', '2026-04-31'],
    ['an impossible date and time', '2027-02-30T10:00:00+05:30'],
    ['year zero', '0000-01-01T00:00:00Z'],
    ['a huge string', 'x'.repeat(50_000)],
    ['mixed scripts', 'Ananya अनन्या Ананья 名前 ✓'],
    ['control characters', 'a\u0007b\u001b[31mc\u0008\u007f\u0085'],
    ['a NUL', 'a\u0000b'],
    ['a javascript: link', 'javascript:alert(document.cookie)'],
    ['a data: link', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['NaN', 'NaN'],
    ['a number past double', '1e309'],
    ['a negative number', '-1'],
    ['a number past bigint', '99999999999999999999'],
  ];
  /** Bad values for a number field; NaN and Infinity travel in JSON as null. */
  const BAD_NUMBERS: [string, unknown][] = [
    ['-1', -1],
    ['a fraction', 0.5],
    ['1e308', 1e308],
    ['-1e308', -1e308],
    ['past 2^53', 2 ** 53 + 2],
    ['NaN (null in JSON)', null],
    ['NaN as text', 'NaN'],
  ];

  const walkable = allRoutes().filter(({ def }) => !def.raw && (def.body || def.query));

  /** samplePath, with any parameter its schema refuses ('sample' for an enum) made from the schema. */
  function walkPath(def: RouteDef): string {
    const sample = samplePath(def).split('/');
    const shape = (def.params?.shape ?? {}) as Record<string, z.ZodType>;
    return `/api${def.path}`
      .split('/')
      .map((segment, i) => {
        const name = /^\{([A-Za-z0-9_]+)\}$/.exec(segment)?.[1];
        if (!name) return segment;
        const schema = shape[name];
        const chosen = decodeURIComponent(sample[i] ?? '');
        if (!schema || schema.safeParse(chosen).success) return sample[i];
        return encodeURIComponent(String(sampleOf(schema) ?? chosen));
      })
      .join('/');
  }

  /** What each refused value must name: the field's path as the 400 says it ('testimonials.0.authorImage'). */
  function expectNamed(
    res: { status: number; body: unknown; headers: Record<string, unknown> },
    refused: boolean,
    field: string,
    context: string,
  ) {
    expectEnvelope(res, context);
    if (!refused) return;
    expect(res.status, context).toBe(400);
    // the field itself, or an element of it ('packageIds.0: …' for a list sent as text)
    const named = new RegExp(`(^|[ ;])${field.replace(/[.]/g, '\\.')}(\\.\\d+)*: `);
    expect((res.body as { message?: string }).message, context).toMatch(named);
  }

  for (const { key, def } of walkable) {
    it(`${key}: one bad field at a time answers 400 naming it, or is taken; never a 5xx`, async () => {
      const base = walkPath(def);
      const body = def.body ? validSample(def.body) : undefined;
      const query = def.query ? validSample(def.query) : undefined;
      expect(body?.valid ?? true, `${key}: a valid sample body`).toBe(true);
      expect(query?.valid ?? true, `${key}: a valid sample query`).toBe(true);
      const queryText = (q: unknown) => {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries((q ?? {}) as Record<string, unknown>)) {
          for (const item of Array.isArray(v) ? v : [v])
            if (item !== undefined && item !== null) params.append(k, String(item));
        }
        const text = params.toString();
        return text ? `?${text}` : '';
      };
      const baseQuery = queryText(query?.value);
      /**
       * Sends `sent` unless the contract refuses it and this field already had a refused value sent:
       * validation runs before any service, so a further refusal is checked against the schema
       * (its issue names the field) without a request, which keeps the walk's time down.
       */
      const refusedSent = new Set<string>();
      const attempt = async (
        where: 'body' | 'query',
        schema: z.ZodType,
        field: string,
        sent: unknown,
        what: string,
        request: () => Promise<{ status: number; body: unknown; headers: Record<string, unknown> }>,
      ) => {
        const parsed = schema.safeParse(sent);
        const context = `${def.method} ${base} ${where} ${field} = ${what}`;
        if (!parsed.success && refusedSent.has(`${where} ${field}`)) {
          const paths = parsed.error.issues.map((issue) => issue.path.join('.'));
          expect(
            paths.some((p) => p === field || p.startsWith(`${field}.`)),
            `${context}: ${paths.join(', ')}`,
          ).toBe(true);
          return;
        }
        if (!parsed.success) refusedSent.add(`${where} ${field}`);
        await expectNamed(await request(), !parsed.success, field, context);
      };
      for (const path of body ? leafPaths(body.value) : []) {
        const field = path.join('.');
        const leaf = leafAt(body!.value, path);
        const values = typeof leaf === 'number' ? BAD_NUMBERS : typeof leaf === 'string' ? BAD_TEXT : [];
        for (const [what, value] of values) {
          const sent = withLeaf(body!.value, path, value);
          await attempt('body', def.body!, field, sent, what, () =>
            asSuperAdmin(def.method, `${base}${baseQuery}`, sent),
          );
        }
      }
      for (const path of query ? leafPaths(query.value) : []) {
        const field = path.join('.');
        for (const [what, value] of BAD_TEXT) {
          const sent = withLeaf(query!.value, path, value);
          await attempt('query', def.query!, field, sent, what, () =>
            asSuperAdmin(def.method, `${base}${queryText(sent)}`, def.body ? body!.value : undefined),
          );
        }
      }
    });
  }

  it('every day, date-time and link field of every route refuses impossible days and hostile links', () => {
    const misses: string[] = [];
    const LINK_NAME = /(url|link|image|icon|thumbnail|photo|logo|resume|href|imagePath)$/i;
    for (const { key, def } of walkable) {
      for (const [where, schema] of [
        ['body', def.body],
        ['query', def.query],
      ] as const) {
        if (!schema) continue;
        const { value } = validSample(schema);
        for (const path of leafPaths(value)) {
          if (typeof leafAt(value, path) !== 'string') continue;
          const takes = (v: string) => schema.safeParse(withLeaf(value, path, v)).success;
          const field = `${key} ${where} ${path.join('.')}`;
          // a day field: takes a day and no word, code or id ('Walk sample', 'walk-sample', 'WALK10')
          const wordless = !takes('Walk sample') && !takes('walk-sample') && !takes('WALK10');
          if (takes('2026-06-01') && wordless) {
            for (const day of ['2027-02-30', '2026-13-01', '2026-04-31', '2027-02-29', '0000-01-01']) {
              if (takes(day)) misses.push(`${field} takes the day ${day}`);
            }
          }
          if (takes('2026-06-01T10:00:00+05:30') && wordless) {
            for (const at of ['2027-02-30T10:00:00+05:30', '0000-01-01T00:00:00Z']) {
              if (takes(at)) misses.push(`${field} takes the date and time ${at}`);
            }
          }
          if (LINK_NAME.test(String(path[path.length - 1]))) {
            for (const link of [
              'javascript:alert(1)',
              'data:text/html,<script>alert(1)</script>',
              'vbscript:msgbox(1)',
              'http://evil.example/a.png',
              'java\tscript:alert(1)',
              `https://example.com/${'a'.repeat(5000)}`,
            ]) {
              if (takes(link)) misses.push(`${field} takes the link ${link.slice(0, 40)}`);
            }
          }
        }
      }
    }
    expect(misses).toEqual([]);
  });
});
