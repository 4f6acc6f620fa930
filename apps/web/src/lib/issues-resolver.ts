import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A form's own check: the request body, or the message of each field that is wrong. */
type FormCheck<V> = (values: V) => { issues?: Partial<Record<string, string>> | null };

/**
 * A react-hook-form resolver over a form's pure check (the same function that builds the request
 * body): each issue becomes its field's error; a form without issues passes as it is.
 */
export function issuesResolver<V extends FieldValues>(check: FormCheck<V>): Resolver<V> {
  return (values) => {
    const { issues } = check(values);
    if (!issues) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string | undefined }> = {};
    for (const [field, message] of Object.entries(issues)) errors[field] = { type: 'rule', message };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
