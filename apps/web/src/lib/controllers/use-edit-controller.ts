import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { STALE_VERSION } from '@lectern/contract';
import { useLeaveGuard } from '../../hooks/use-leave-guard';
import { isApiError } from '../api-error';

/** Anything saved at a version: the server refuses a save made at an older one (409, STALE_VERSION). */
export interface Versioned {
  version: number;
}

/** Someone else saved first: what the screen shows until the user chooses. */
export interface StaleState<T> {
  /** the server's message (the catalogue's `staleVersion` sentence) */
  message: string;
  /** the server's copy now, once known */
  latest: T | undefined;
  /** the fields (as labelled) whose server value differs from what the user started from */
  changed: string[];
}

/** `V` is the form's values as typed, `O` as its resolver gives them to a save (the same without a transform). */
export interface EditControllerOptions<T extends Versioned, V extends FieldValues, O = V> {
  /** the object opened, or null when creating one */
  item: T | null;
  form: UseFormReturn<V, unknown, O>;
  /** the form's values for a saved object */
  toValues: (item: T) => V;
  /**
   * saves the values: at `base`'s version, or as a new object when `base` is null; answering the
   * object as saved makes it the base (an editor that stays open after saving)
   */
  save: (values: O, base: T | null) => Promise<unknown>;
  /** the server's copy as the screen holds it now (a query read again after the refusal) */
  latest?: T | undefined;
  /** reads the server's copy after a refusal, when the screen holds no query of it */
  fetchLatest?: () => Promise<T | undefined>;
  /** the screen's names of the fields, for the list of what changed (a field without one is not listed) */
  labels: Partial<Record<keyof V & string, string>>;
  /** whether 'Overwrite with mine' is offered: false where the domain must not lose the other save */
  allowOverwrite?: boolean;
  /** asks before unsaved changes are left behind while this holds (the drawer is open, the page shown) */
  guardWhen?: boolean;
  /** what the leave question says */
  guardMessage?: ReactNode;
}

export interface EditController<T extends Versioned, O> {
  /** the object the form's values are based on: it moves only when the user loads the server's copy */
  base: T | null;
  /** saves at the base's version; false when it was refused (a stale version shows its notice) */
  submit: (values: O) => Promise<boolean>;
  /** set while the user's save was refused as stale */
  stale: StaleState<T> | null;
  /** discards the user's edits and takes the server's copy */
  loadLatest: (() => void) | undefined;
  /** saves the user's values again, at the server's version */
  overwrite: (() => Promise<boolean>) | undefined;
  /** the unsaved-changes question, to render; `allow()` lets a save's own navigation through */
  guard: { dialog: ReactNode; allow: () => void };
}

/** Whether an error is the server's answer to a save made at an old version. */
export function isStaleVersion(error: unknown): boolean {
  return isApiError(error) && error.errorCode === STALE_VERSION;
}

function isVersioned(value: unknown): value is Versioned {
  return typeof value === 'object' && value !== null && typeof (value as { version?: unknown }).version === 'number';
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The labels of the fields whose values differ between two copies of an object. */
export function changedFields<V extends FieldValues>(
  from: V,
  to: V,
  labels: Partial<Record<keyof V & string, string>>,
): string[] {
  return (Object.keys(labels) as (keyof V & string)[])
    .filter((key) => !same(from[key], to[key]))
    .map((key) => labels[key] ?? key);
}

/**
 * Puts the server's value into every field the user did not change, so an overwrite saves only the
 * user's own edits over theirs. Dirty is measured against the values the editor started from; nested
 * groups of fields merge field by field, and a list the user touched is taken whole.
 */
function takeTheirsWhereUntouched<V extends FieldValues, O>(form: UseFormReturn<V, unknown, O>, theirs: V): void {
  const merged = mergeUntouched(form.getValues(), theirs, form.formState.dirtyFields) as V;
  for (const key of Object.keys(merged) as Path<V>[]) form.setValue(key, merged[key] as PathValue<V, Path<V>>);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Mine where react-hook-form's dirty mark says the user changed it, theirs elsewhere. */
export function mergeUntouched(mine: unknown, theirs: unknown, mark: unknown): unknown {
  if (isPlainObject(mark) && isPlainObject(mine) && isPlainObject(theirs)) {
    const keys = new Set([...Object.keys(theirs), ...Object.keys(mine)]);
    return Object.fromEntries([...keys].map((key) => [key, mergeUntouched(mine[key], theirs[key], mark[key])]));
  }
  return isTouched(mark) ? mine : theirs;
}

/** Whether a dirty mark (a flag, or one per nested field) says anything under it changed. */
function isTouched(mark: unknown): boolean {
  if (Array.isArray(mark)) return mark.some(isTouched);
  if (isPlainObject(mark)) return Object.values(mark).some(isTouched);
  return mark === true;
}

/**
 * The one way an editor loads, saves and meets someone else's save. It saves at the version it read;
 * a stale-version refusal keeps the user's edits and says which fields changed on the server, with
 * 'Load latest' (take theirs) and, where allowed, 'Overwrite with mine' (my edits over their copy,
 * their other edits kept, saved at their version).
 * It also asks before unsaved changes are left behind.
 */
export function useEditController<T extends Versioned, V extends FieldValues, O = V>(
  options: EditControllerOptions<T, V, O>,
): EditController<T, O> {
  const { form, toValues, save, labels, allowOverwrite = true } = options;
  const [base, setBase] = useState<T | null>(options.item);
  const [refusal, setRefusal] = useState<{ message: string; fetched: T | undefined } | null>(null);
  const guard = useLeaveGuard(Boolean(options.guardWhen) && form.formState.isDirty, options.guardMessage);

  const held = refusal?.fetched ?? options.latest;
  const latest = held && base && held.version !== base.version ? held : undefined;
  const stale: StaleState<T> | null =
    refusal && base
      ? {
          message: refusal.message,
          latest,
          changed: latest ? changedFields(toValues(base), toValues(latest), labels) : [],
        }
      : null;

  async function saveAt(values: O, at: T | null): Promise<boolean> {
    try {
      const saved = await save(values, at);
      // an editor that stays open answers the object as saved: its next save is at that version
      if (isVersioned(saved)) setBase(saved as T);
      setRefusal(null);
      guard.allow();
      return true;
    } catch (error) {
      if (!isStaleVersion(error) || !isApiError(error)) {
        // another refusal: the screen shows it; the notice of an earlier one no longer holds
        setRefusal(null);
        return false;
      }
      setRefusal({ message: error.message, fetched: undefined });
      const fetched = await options.fetchLatest?.().catch(() => undefined);
      if (fetched) setRefusal({ message: error.message, fetched });
      return false;
    }
  }

  return {
    base,
    submit: (values) => saveAt(values, base),
    stale,
    loadLatest: latest
      ? () => {
          setBase(latest);
          form.reset(toValues(latest));
          setRefusal(null);
        }
      : undefined,
    overwrite:
      latest && allowOverwrite
        ? () =>
            new Promise<boolean>((resolve) => {
              // theirs, with the fields I changed put back on top: their other edits are not lost
              takeTheirsWhereUntouched(form, toValues(latest));
              // mine as the form's rules give them, at their version; invalid values stay on the form
              void form.handleSubmit(
                async (values) => {
                  const saved = await saveAt(values, latest);
                  // a later refusal is measured against the version now held
                  if (!saved) setBase(latest);
                  resolve(saved);
                },
                () => resolve(false),
              )();
            })
        : undefined,
    guard,
  };
}
