/** How a status is shown: its label, text colour and background colour. */
export interface StatusStyle {
  label: string;
  colour: string;
  background: string;
}

// Pairs of dark text on a light tint: every pair has a contrast ratio above 7:1.
const TONES = {
  green: { colour: '#03543F', background: '#DEF7EC' },
  teal: { colour: '#05505C', background: '#D5F5F6' },
  blue: { colour: '#1E429F', background: '#E1EFFE' },
  indigo: { colour: '#42389D', background: '#E5EDFF' },
  purple: { colour: '#5521B5', background: '#EDEBFE' },
  pink: { colour: '#99154B', background: '#FCE8F3' },
  yellow: { colour: '#723B13', background: '#FDF6B2' },
  orange: { colour: '#8A2C0D', background: '#FEECDC' },
  red: { colour: '#9B1C1C', background: '#FDE8E8' },
  grey: { colour: '#374151', background: '#F3F4F6' },
} as const;

type Tone = keyof typeof TONES;

function style(label: string, tone: Tone): StatusStyle {
  return { label, ...TONES[tone] };
}

/** Normalises a status for lookup: trimmed, lower case, runs of spaces, underscores and hyphens as one space. */
export function normaliseStatus(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/**
 * Every status of spec 1 §4 (table status styles), the subject states and the transcoding states,
 * by normalised key ('READY_TO_BE_PUBLISHED' -> 'ready to be published').
 */
export const STATUS_STYLES: Readonly<Record<string, StatusStyle>> = Object.freeze({
  // table statuses (spec 1 §4, spec 2 §4)
  'featured on homepage': style('Featured on Homepage', 'purple'),
  'featured on lead page': style('Featured on Lead Page', 'indigo'),
  open: style('Open', 'blue'),
  failed: style('Failed', 'red'),
  cancelled: style('Cancelled', 'orange'),
  submitted: style('Submitted', 'blue'),
  running: style('Running', 'teal'),
  accelerated: style('Accelerated', 'indigo'),
  reserved: style('Reserved', 'yellow'),
  featured: style('Featured', 'pink'),
  listed: style('Listed', 'green'),
  'not listed': style('Not Listed', 'grey'),
  complete: style('Complete', 'green'),
  none: style('None', 'grey'),
  incomplete: style('Incomplete', 'yellow'),
  extended: style('Extended', 'teal'),
  published: style('Published', 'green'),
  draft: style('Draft', 'yellow'),
  unpublished: style('Unpublished', 'grey'),
  // subject states (IN_PROGRESS, FINISHED, READY_TO_BE_PUBLISHED, PUBLISHED above)
  'in progress': style('In Progress', 'blue'),
  finished: style('Finished', 'teal'),
  'ready to be published': style('Ready to be Published', 'indigo'),
  // transcoding states (SUBMITTED and COMPLETE above)
  progressing: style('Progressing', 'blue'),
  canceled: style('Canceled', 'orange'),
  error: style('Error', 'red'),
  'not started': style('Not Started', 'grey'),
});

/** The style of a status; unknown statuses get a neutral grey style labelled with the status itself. */
export function statusStyle(
  status: string,
  overrides: { labels?: Readonly<Record<string, string>>; styles?: Readonly<Record<string, StatusStyle>> } = {},
): StatusStyle & { known: boolean } {
  const key = normaliseStatus(status);
  const found = lookup(overrides.styles, key) ?? STATUS_STYLES[key];
  const base = found ?? style(humanise(key), 'grey');
  const label = lookup(overrides.labels, key) ?? base.label;
  return { ...base, label, known: found !== undefined };
}

/** Override maps may be keyed by the raw status ('COMPLETE') or the normalised one ('complete'). */
function lookup<T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  if (!map) return undefined;
  const direct = map[key];
  if (direct !== undefined) return direct;
  const entry = Object.entries(map).find(([k]) => normaliseStatus(k) === key);
  return entry?.[1];
}

function humanise(key: string): string {
  return key === '' ? key : key.charAt(0).toUpperCase() + key.slice(1);
}
