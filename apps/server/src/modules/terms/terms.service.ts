import crypto from 'node:crypto';
import {
  TERMS_MAX_LENGTH,
  fillMessage,
  MESSAGES,
  type TermsUpdateBodySchema,
  type TermsVersion,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordChange } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text';
import type { StaffActor } from '../../lib/routing';
import type { TermsRepository, TermsVersionRead } from './terms.repository';

type TermsUpdate = z.output<typeof TermsUpdateBodySchema>;

/** The SHA-256 of a terms text, hex: what a version keeps and an acceptance records. */
export const termsHash = (content: string) => crypto.createHash('sha256').update(content, 'utf8').digest('hex');

function toTerms(row: TermsVersionRead, latest: number): TermsVersion {
  return {
    tncId: row.id,
    version: row.version,
    content: row.content,
    textHash: row.textHash,
    changeNote: row.changeNote,
    minorChange: row.minorChange,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    acceptanceVersion: row.acceptanceVersion,
    acceptedCount: row.acceptedCount,
    latest: row.version === latest,
  };
}

/** Legal terms (spec 2 §7 "Users and terms"): versions, each saved whole and never changed. */
export class TermsService {
  constructor(
    private readonly db: Db,
    private readonly repo: TermsRepository,
  ) {}

  async all(): Promise<TermsVersion[]> {
    const rows = await this.repo.all();
    return rows.map((r) => toTerms(r, rows[0]!.version));
  }

  async latest(): Promise<TermsVersion | null> {
    const row = await this.repo.latest();
    return row ? toTerms(row, row.version) : null;
  }

  /**
   * Saves the terms as the next version: sanitised, hashed, with the author and the change note. The
   * editor says which version it started from; a newer one saved meanwhile is a conflict (409), and
   * the same text as the latest is refused rather than saved twice.
   */
  async save(actor: StaffActor, input: TermsUpdate): Promise<{ terms: TermsVersion; message: string }> {
    const content = sanitizeRichText(input.content);
    if (content === '') throw AppError.of(400, 'termsEmpty');
    if (content.length > TERMS_MAX_LENGTH)
      throw AppError.of(400, 'termsTooLong', { max: TERMS_MAX_LENGTH.toLocaleString('en-IN') });
    if (input.baseVersion === 0 && input.minorChange) throw AppError.of(400, 'termsFirstMinor');
    const textHash = termsHash(content);
    const id = crypto.randomUUID();
    let version = 0;
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const latest = await this.repo.lockLatest(tx);
        if ((latest?.version ?? 0) !== input.baseVersion) throw AppError.of(409, 'staleVersion', { entity: 'terms' });
        if (latest && latest.textHash === textHash) {
          throw AppError.of(400, 'termsUnchanged', { version: latest.version });
        }
        version = (latest?.version ?? 0) + 1;
        const createdByName = (await this.repo.userName(tx, actor.userId)) ?? actor.name;
        await this.repo.insert(tx, {
          id,
          version,
          content,
          textHash,
          changeNote: input.changeNote,
          minorChange: input.minorChange,
          createdBy: actor.userId,
          createdByName,
        });
        return {
          activity: {
            action: 'terms.update',
            entityType: 'terms',
            entityId: id,
            after: { version, changeNote: input.changeNote, minorChange: input.minorChange, textHash },
            summary: `Terms version ${version}${input.minorChange ? ' (minor change)' : ''}: ${input.changeNote}`,
          },
        };
      },
      // two first saves at once: the unique version number has the last word
      onError: (error) =>
        isUniqueViolation(error) ? AppError.of(409, 'staleVersion', { entity: 'terms' }) : undefined,
    });
    const saved = (await this.all()).find((t) => t.version === version)!;
    return { terms: saved, message: fillMessage(MESSAGES.termsSaved, { version }) };
  }
}
