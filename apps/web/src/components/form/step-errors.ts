/** A message as a sentence: capitalised, with a full stop. */
export function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A field's message as a sentence, its label in front when the message starts 'is', 'must' or 'cannot'. */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!/^(is|must|cannot) /.test(message)) return sentence(message);
  const text = `${label} ${message}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** One problem of a form: the path of its field ('subscriptions.0.price') and its message. */
export interface FormProblem {
  path: string;
  message: string;
}

/** Every message under an errors object of react-hook-form, with its path ('subscriptions.0.price'). */
export function collectErrors(errors: unknown, path = ''): FormProblem[] {
  if (typeof errors !== 'object' || errors === null) return [];
  const found: FormProblem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'types' || key === 'type') continue;
    if (key === 'message') {
      if (typeof value === 'string' && value !== '') found.push({ path, message: value });
      continue;
    }
    const next = key === 'root' ? path : path ? `${path}.${key}` : key;
    found.push(...collectErrors(value, next));
  }
  return found;
}

/**
 * A problem inside a list named by its item: 'FAQ 2: Answer is required.' for 'faqs.1.answer' when
 * `itemNames` calls `faqs` 'FAQ'; `text` is the sentence of the problem itself.
 */
export function inItem(path: string, itemNames: Record<string, string>, text: string): string {
  const parts = path.split('.');
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  const list = index > 0 ? parts[index - 1] : undefined;
  const item = list ? itemNames[list] : undefined;
  return item ? `${item} ${Number(parts[index]) + 1}: ${text}` : text;
}

/** A step of a long form with the form fields (or sections) it holds. */
export interface EditorStep {
  label: string;
  fields: readonly string[];
}

/** The error text of each step: its first problem, and how many more there are. */
export function stepErrors(
  steps: readonly EditorStep[],
  errors: unknown,
  describe: (problem: FormProblem) => string,
): (string | undefined)[] {
  const all = collectErrors(errors);
  return steps.map((step) => {
    const mine = all.filter(({ path }) => step.fields.some((field) => path === field || path.startsWith(`${field}.`)));
    const first = mine[0];
    if (!first) return undefined;
    const more = mine.length - 1;
    return more > 0 ? `${describe(first)} (and ${more} more)` : describe(first);
  });
}
