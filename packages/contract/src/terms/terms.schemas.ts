import { z } from 'zod';

// Legal terms (spec 2 §3 "Legal terms": allTncList; DESIGN §9): every save is a new version with its
// author, time, change note and 'minor change' flag; the latest is what students get. Versions are
// kept read-only with a hash of their text; students' acceptances are an append-only record.

/** The longest terms text (HTML, after sanitising) a save may hold: about 60 printed pages. */
export const TERMS_MAX_LENGTH = 200_000;
/** The longest change note. */
export const TERMS_NOTE_MAX_LENGTH = 300;

export const TermsVersionSchema = z.object({
  tncId: z.string(),
  /** 1, 2, 3 ... in the order they were saved */
  version: z.number().int(),
  /** the text as sanitised HTML */
  content: z.string(),
  /** SHA-256 of `content`, hex: what an acceptance records */
  textHash: z.string(),
  changeNote: z.string(),
  /** a minor change does not ask students to accept again */
  minorChange: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** the version whose acceptance this one still honours: itself, or the last major change before it */
  acceptanceVersion: z.number().int(),
  /** students whose acceptance covers this version (of it, or since its last major change) */
  acceptedCount: z.number().int(),
  latest: z.boolean(),
});
export type TermsVersion = z.infer<typeof TermsVersionSchema>;

export const TermsUpdateBodySchema = z.object({
  content: z
    .string()
    .max(TERMS_MAX_LENGTH, `The terms may hold at most ${TERMS_MAX_LENGTH.toLocaleString('en-IN')} characters`),
  changeNote: z
    .string()
    .trim()
    .min(1, 'Say what changed in a change note')
    .max(TERMS_NOTE_MAX_LENGTH, `A change note has at most ${TERMS_NOTE_MAX_LENGTH} characters`),
  minorChange: z.boolean().default(false),
  /** the latest version the editor started from (0 when there were none): a newer one is a conflict */
  baseVersion: z.number().int().min(0),
});
export type TermsUpdateBody = z.input<typeof TermsUpdateBodySchema>;
