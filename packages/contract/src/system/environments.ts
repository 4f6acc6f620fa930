// The environments a Lectern console runs in (spec 1 §9): chosen by host name, each with its own
// buckets and content-delivery addresses (docs/environments.md). Pure data and functions.

/**
 * The six environments, most guarded first. `ribbon` is the band a non-production console shows at
 * the top of every screen: a background and its text colour, at least 4.5:1 apart (WCAG AA).
 */
export const ENVIRONMENTS = [
  { key: 'production', label: 'Production', ribbon: null },
  { key: 'pre-production', label: 'Pre-production', ribbon: { background: '#B42318', text: '#FFFFFF' } },
  { key: 'staging', label: 'Staging', ribbon: { background: '#B54708', text: '#FFFFFF' } },
  { key: 'test', label: 'Test', ribbon: { background: '#0E7090', text: '#FFFFFF' } },
  { key: 'dev', label: 'Dev', ribbon: { background: '#175CD3', text: '#FFFFFF' } },
  { key: 'local', label: 'Local', ribbon: { background: '#067647', text: '#FFFFFF' } },
] as const satisfies readonly {
  key: string;
  label: string;
  ribbon: { background: string; text: string } | null;
}[];

export type EnvironmentKey = (typeof ENVIRONMENTS)[number]['key'];
export type Environment = (typeof ENVIRONMENTS)[number];
export const ENVIRONMENT_KEYS = ENVIRONMENTS.map((e) => e.key) as [EnvironmentKey, ...EnvironmentKey[]];

/** True when `value` names one of the six environments. */
export function isEnvironmentKey(value: string): value is EnvironmentKey {
  return (ENVIRONMENT_KEYS as readonly string[]).includes(value);
}

/** One environment's definition. */
export function environmentOf(key: EnvironmentKey): Environment {
  return ENVIRONMENTS.find((e) => e.key === key)!;
}

/**
 * The host-name patterns of each environment when LECTERN_ENVIRONMENT_HOSTS does not name it. `*`
 * stands for one or more characters. Production has none: a host no pattern matches is the
 * process's own environment (production unless demo mode is on).
 */
export const DEFAULT_ENVIRONMENT_HOSTS: Readonly<Record<EnvironmentKey, readonly string[]>> = {
  production: [],
  'pre-production': ['preprod.*', 'pre-production.*'],
  staging: ['staging.*'],
  test: ['test.*'],
  dev: ['dev.*'],
  local: ['localhost', '127.0.0.1', '[::1]', '*.localhost'],
};

/** A host-name pattern and the environment it chooses. */
export interface EnvironmentHostRule {
  environment: EnvironmentKey;
  pattern: string;
}

const PATTERN = /^(\[[0-9a-f:.]+\]|[a-z0-9*]([a-z0-9*.-]*[a-z0-9*])?)$/;

/** A host as the patterns see it: lower case, without port or trailing dot ('Staging.Lectern.in:443' -> 'staging.lectern.in'). */
export function normalizeHost(host: string): string {
  const text = host.trim().toLowerCase();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    return end < 0 ? text : text.slice(0, end + 1);
  }
  return text.split(':', 1)[0]!.replace(/\.+$/, '');
}

/**
 * Reads LECTERN_ENVIRONMENT_HOSTS: `environment=pattern,pattern;environment=pattern...`. An
 * environment it names takes exactly those patterns (`staging=` takes none); the others keep
 * DEFAULT_ENVIRONMENT_HOSTS. Throws a readable error for an unknown environment, a bad pattern, or a
 * pattern given to two environments.
 */
export function parseEnvironmentHosts(
  text: string | undefined,
  name = 'LECTERN_ENVIRONMENT_HOSTS',
): EnvironmentHostRule[] {
  const patterns: Record<EnvironmentKey, readonly string[]> = { ...DEFAULT_ENVIRONMENT_HOSTS };
  const named = new Set<EnvironmentKey>();
  for (const entry of (text ?? '').split(';').map((part) => part.trim())) {
    if (entry === '') continue;
    const equals = entry.indexOf('=');
    if (equals < 0) {
      throw new Error(`${name}: '${entry}' must look like 'staging=staging.lectern.in,staging-*.lectern.in'.`);
    }
    const environment = entry.slice(0, equals).trim().toLowerCase();
    if (!isEnvironmentKey(environment)) {
      throw new Error(`${name}: '${environment}' is not an environment; use ${ENVIRONMENT_KEYS.join(', ')}.`);
    }
    if (named.has(environment)) throw new Error(`${name} names ${environment} twice.`);
    named.add(environment);
    const list = entry
      .slice(equals + 1)
      .split(',')
      .map((pattern) => pattern.trim().toLowerCase())
      .filter(Boolean);
    for (const pattern of list) {
      if (!PATTERN.test(pattern) || pattern.includes('..') || pattern.includes('**')) {
        throw new Error(
          `${name}: '${pattern}' (${environment}) is not a host-name pattern: letters, digits, dots, hyphens and * (e.g. staging.* or console.lectern.in).`,
        );
      }
    }
    patterns[environment] = list;
  }
  const rules: EnvironmentHostRule[] = [];
  const owner = new Map<string, EnvironmentKey>();
  for (const environment of ENVIRONMENT_KEYS) {
    for (const pattern of patterns[environment]) {
      const other = owner.get(pattern);
      if (other && other !== environment) {
        throw new Error(`${name}: '${pattern}' is given to both ${other} and ${environment}.`);
      }
      if (other) continue;
      owner.set(pattern, environment);
      rules.push({ environment, pattern });
    }
  }
  return rules;
}

function matches(pattern: string, host: string): boolean {
  if (!pattern.includes('*')) return pattern === host;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.[\]]/g, '\\$&'))
    .join('[a-z0-9.-]+');
  return new RegExp(`^${source}$`).test(host);
}

/** How sure a pattern is: a whole name beats any wildcard, then the one that spells out more. */
function specificity(pattern: string): number {
  return pattern.includes('*') ? pattern.replace(/\*/g, '').length : 1000;
}

/**
 * The environment a host name belongs to, or undefined when no pattern matches. Ports, case and a
 * trailing dot do not count; where several patterns match, the most specific wins (a whole name,
 * then the most characters spelt out, then the first environment of ENVIRONMENTS).
 */
export function environmentForHost(rules: readonly EnvironmentHostRule[], host: string): EnvironmentKey | undefined {
  const name = normalizeHost(host);
  if (name === '') return undefined;
  let best: EnvironmentHostRule | undefined;
  for (const rule of rules) {
    if (!matches(rule.pattern, name)) continue;
    if (!best || specificity(rule.pattern) > specificity(best.pattern)) best = rule;
  }
  return best?.environment;
}

/** The placeholders of S3_BUCKET_TEMPLATE and CDN_TEMPLATE. */
export const STORAGE_TEMPLATE_PLACEHOLDERS = ['environment', 'resourceType'] as const;

/**
 * Fills `{environment}` and `{resourceType}` of a bucket or CDN template
 * ('lectern-{environment}-{resourceType}' -> 'lectern-staging-catalogue-image'). Videos are the
 * resource type 'videos'.
 */
export function fillStorageTemplate(template: string, environment: EnvironmentKey, resourceType: string): string {
  return template.replace(/\{environment\}/g, environment).replace(/\{resourceType\}/g, resourceType);
}
