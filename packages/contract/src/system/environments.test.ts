import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENTS,
  environmentForHost,
  fillStorageTemplate,
  normalizeHost,
  parseEnvironmentHosts,
} from './environments';

/** WCAG relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const value = parseInt(hex.slice(i, i + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the environments', () => {
  it('are the six of spec 1 §9, production without a ribbon and every other with one of its own colour', () => {
    expect(ENVIRONMENTS.map((e) => e.key)).toEqual(['production', 'pre-production', 'staging', 'test', 'dev', 'local']);
    expect(ENVIRONMENTS.map((e) => e.label)).toEqual([
      'Production',
      'Pre-production',
      'Staging',
      'Test',
      'Dev',
      'Local',
    ]);
    expect(ENVIRONMENTS[0].ribbon).toBeNull();
    const backgrounds = ENVIRONMENTS.slice(1).map((e) => e.ribbon?.background);
    expect(backgrounds.every((colour) => /^#[0-9A-F]{6}$/.test(colour ?? ''))).toBe(true);
    expect(new Set(backgrounds).size).toBe(5);
  });

  it.each(ENVIRONMENTS.filter((e) => e.ribbon !== null).map((e) => [e.key, e.ribbon!] as const))(
    "%s's ribbon text is readable on its background (at least 4.5:1)",
    (_key, ribbon) => {
      expect(contrast(ribbon.background, ribbon.text)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('host name -> environment', () => {
  const defaults = parseEnvironmentHosts(undefined);

  it.each([
    ['localhost', 'local'],
    ['localhost:8080', 'local'],
    ['127.0.0.1:5173', 'local'],
    ['[::1]:8080', 'local'],
    ['console.localhost', 'local'],
    ['LOCALHOST', 'local'],
    ['preprod.lectern.in', 'pre-production'],
    ['pre-production.lectern.in:443', 'pre-production'],
    ['staging.lectern.in', 'staging'],
    ['Staging.Lectern.IN', 'staging'],
    ['staging.lectern.in.', 'staging'],
    ['test.lectern.in', 'test'],
    ['dev.lectern.in:3000', 'dev'],
    // the environment's name must be the first label, not part of it or a later one
    ['developers.lectern.in', undefined],
    ['staging', undefined],
    ['console.staging.lectern.in', undefined],
    ['console.lectern.in', undefined],
    ['', undefined],
  ])('with the defaults, %s is %s', (host, expected) => {
    expect(environmentForHost(defaults, host)).toBe(expected);
  });

  it('takes LECTERN_ENVIRONMENT_HOSTS for the environments it names and keeps the defaults of the others', () => {
    const rules = parseEnvironmentHosts(
      'production=console.lectern.in, admin.lectern.in; staging=*.staging.lectern.in,staging-console.lectern.in',
    );
    expect(environmentForHost(rules, 'console.lectern.in')).toBe('production');
    expect(environmentForHost(rules, 'ADMIN.lectern.in:443')).toBe('production');
    expect(environmentForHost(rules, 'console.staging.lectern.in')).toBe('staging');
    expect(environmentForHost(rules, 'staging-console.lectern.in')).toBe('staging');
    // staging's default pattern is replaced, the others' stay
    expect(environmentForHost(rules, 'staging.lectern.in')).toBeUndefined();
    expect(environmentForHost(rules, 'dev.lectern.in')).toBe('dev');
    expect(environmentForHost(rules, 'localhost')).toBe('local');
  });

  it('lets an environment give up its defaults (`dev=`)', () => {
    expect(environmentForHost(parseEnvironmentHosts('dev='), 'dev.lectern.in')).toBeUndefined();
  });

  it('chooses the most specific pattern when several match: a whole name, then the longest', () => {
    const rules = parseEnvironmentHosts('production=*.lectern.in,staging.lectern.in;test=*.qa.lectern.in');
    // the whole name of production beats staging's default staging.*
    expect(environmentForHost(rules, 'staging.lectern.in')).toBe('production');
    // *.qa.lectern.in spells out more than *.lectern.in
    expect(environmentForHost(rules, 'console.qa.lectern.in')).toBe('test');
    expect(environmentForHost(rules, 'console.lectern.in')).toBe('production');
  });

  it.each([
    ['staging', "'staging' must look like 'staging=staging.lectern.in,staging-*.lectern.in'"],
    ['qa=qa.*', "'qa' is not an environment; use production, pre-production, staging, test, dev, local"],
    ['staging=staging.*;staging=stage.*', 'names staging twice'],
    ['staging=https://staging.lectern.in', "'https://staging.lectern.in' (staging) is not a host-name pattern"],
    ['dev=dev..lectern.in', "'dev..lectern.in' (dev) is not a host-name pattern"],
    ['production=staging.*', "'staging.*' is given to both production and staging"],
  ])('refuses %s with a readable message', (text, message) => {
    expect(() => parseEnvironmentHosts(text)).toThrow(`LECTERN_ENVIRONMENT_HOSTS`);
    expect(() => parseEnvironmentHosts(text)).toThrow(message);
  });

  it('reads a host as the patterns see it', () => {
    expect(normalizeHost(' Console.Lectern.IN:8443 ')).toBe('console.lectern.in');
    expect(normalizeHost('[::1]:8080')).toBe('[::1]');
  });
});

describe('storage templates', () => {
  it('fill the environment and the resource type', () => {
    expect(fillStorageTemplate('lectern-{environment}-{resourceType}', 'pre-production', 'catalogue-image')).toBe(
      'lectern-pre-production-catalogue-image',
    );
    expect(fillStorageTemplate('https://cdn-{environment}.lectern.in/{resourceType}/', 'staging', 'videos')).toBe(
      'https://cdn-staging.lectern.in/videos/',
    );
  });
});
