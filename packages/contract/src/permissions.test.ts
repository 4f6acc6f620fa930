import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES, PERMISSIONS, hasPermission } from './permissions';
import { permissionTableMarkdown } from './permissions-doc';
import { actingRole } from './roles';

describe('permission table', () => {
  it('passes when the user holds any allowed role, or when none is required', () => {
    expect(hasPermission(['FINANCE'], 'signedIn')).toBe(true);
    expect(hasPermission([], 'signedIn')).toBe(true);
    expect(hasPermission(['FINANCE', 'CONTENT_UPLOADER'], 'transcoding')).toBe(true);
    expect(hasPermission(['FINANCE'], 'transcoding')).toBe(false);
    expect(hasPermission([], 'userManagement')).toBe(false);
  });

  it('matches DESIGN §5 for the areas with a fixed list', () => {
    expect(PERMISSIONS.userManagement).toEqual(['SUPER_ADMIN']);
    expect(PERMISSIONS.commerce).toEqual(['SUPER_ADMIN', 'FINANCE']);
    expect(PERMISSIONS.batches).toEqual(['SUPER_ADMIN', 'CONTENT_ADMIN', 'FINANCE']);
    expect(PERMISSIONS.transcoding).toEqual(['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_UPLOADER']);
    expect(PERMISSIONS.yourLiveClasses).toEqual(['INSTRUCTOR']);
  });

  it("shows 'Your Live Classes' in the navigation to INSTRUCTOR only", () => {
    const entry = PAGES.find((p) => p.nav?.label === 'Your Live Classes');
    expect(entry?.nav?.onlyRoles).toEqual(['INSTRUCTOR']);
  });

  it('chooses the acting role SUPER_ADMIN, else CONTENT_ADMIN, else CONTENT_DEVELOPER, else the first held', () => {
    expect(actingRole(['FINANCE', 'SUPER_ADMIN'])).toBe('SUPER_ADMIN');
    expect(actingRole(['CONTENT_DEVELOPER', 'CONTENT_ADMIN'])).toBe('CONTENT_ADMIN');
    expect(actingRole(['CONTENT_UPLOADER', 'CONTENT_DEVELOPER'])).toBe('CONTENT_DEVELOPER');
    expect(actingRole(['INSTRUCTOR', 'FINANCE'])).toBe('INSTRUCTOR');
    expect(actingRole([])).toBeUndefined();
  });

  it('is documented as shipped in docs/permissions.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(doc).toContain(permissionTableMarkdown());
  });
});
