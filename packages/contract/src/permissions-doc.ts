import { PAGES, PERMISSIONS, type PermissionArea } from './permissions';
import { ROLES } from './roles';

/** The permission table as a Markdown table: docs/permissions.md embeds it, and a test keeps the two equal. */
export function permissionTableMarkdown(): string {
  const header = `| area | pages | ${ROLES.join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = (Object.keys(PERMISSIONS) as PermissionArea[]).map((area) => {
    const allowed: readonly string[] = PERMISSIONS[area];
    const pages =
      PAGES.filter((p) => p.area === area)
        .map((p) => `\`${p.path}\``)
        .join(', ') || '—';
    const cells = ROLES.map((role) => (allowed.length === 0 || allowed.includes(role) ? 'yes' : '—'));
    return `| ${area} | ${pages} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
