import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own ESLint config, run on made-up files: proves the boundary rules fire (server
// modules reach each other through their index only; a web feature never imports another feature).
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
}, 120_000);

/** The import refusals of `code` linted as if it were the file at `file` (relative to the repository). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const BOUNDARY = /modules import each other through their index only/;

describe('server module boundaries', () => {
  it("refuses another module's repository, service or mapper, and allows its index", async () => {
    const file = 'apps/server/src/modules/store-listings/boundary-fixture.ts';
    for (const deep of [
      '../catalogues/catalogues.repository',
      '../catalogues/catalogues.service',
      '../videos/video-file',
      '../catalogues/index',
    ]) {
      const found = await refusals(file, `import { x } from '${deep}';\nexport const y = x;\n`);
      expect(found, deep).toEqual([expect.stringMatching(BOUNDARY)]);
    }
    expect(
      await refusals(file, "import { toSubscription } from '../catalogues';\nexport const y = toSubscription;\n"),
    ).toEqual([]);
    // its own files and the server's shared code stay open
    expect(
      await refusals(
        file,
        "import { a } from './store-listings.service';\nimport { b } from '../../lib/routing';\nexport const y = [a, b];\n",
      ),
    ).toEqual([]);
  }, 120_000);

  it('holds in repositories and in folders inside a module, and keeps the SQL rule beside it', async () => {
    const typeImport =
      "import type { AddOnRow } from '../catalogues/catalogues.repository';\nexport type Y = AddOnRow;\n";
    expect(await refusals('apps/server/src/modules/store-listings/fixture.repository.ts', typeImport)).toEqual([
      expect.stringMatching(BOUNDARY),
    ]);

    const nested = 'apps/server/src/modules/batches/parts/boundary-fixture.ts';
    expect(
      await refusals(nested, "import { s } from '../../students/students.repository';\nexport const y = s;\n"),
    ).toEqual([expect.stringMatching(BOUNDARY)]);
    expect(await refusals(nested, "import { s } from '../batches.mappers';\nexport const y = s;\n")).toEqual([]);

    const sql = "import { eq } from 'drizzle-orm';\nexport const y = eq;\n";
    expect(await refusals('apps/server/src/modules/coupons/boundary-fixture.ts', sql)).toEqual([
      expect.stringMatching(/SQL lives in \*\.repository\.ts/),
    ]);
    expect(await refusals('apps/server/src/modules/coupons/fixture.repository.ts', sql)).toEqual([]);
  }, 120_000);

  it("lets a module's tests reach into other modules for their fixtures", async () => {
    const code =
      "import { CataloguesRepository } from '../catalogues/catalogues.repository';\nexport const y = CataloguesRepository;\n";
    expect(await refusals('apps/server/src/modules/store-listings/boundary-fixture.test.ts', code)).toEqual([]);
  }, 120_000);
});

describe('web feature boundaries', () => {
  it('refuses a feature importing another feature, and allows its own files and shared code', async () => {
    const file = 'apps/web/src/features/coupons/components/boundary-fixture.tsx';
    expect(await refusals(file, "import { x } from '../../catalogues/api/catalogues';\nexport const y = x;\n")).toEqual(
      [expect.stringMatching(/features never import each other/)],
    );
    expect(
      await refusals(
        file,
        "import { a } from '../api/coupons';\nimport { b } from '../../../components/data-table';\nexport const y = [a, b];\n",
      ),
    ).toEqual([]);
  }, 120_000);
});
