import crypto from 'node:crypto';
import { liveClassMessage, type BatchSubject, type Chapter } from '@lectern/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordChange } from '../../lib/aggregate';
import type { Actor } from '../../lib/routing';
import { fail, notFoundError } from './live-classes.errors';
import type { SubjectsRepository } from './subjects.repository';

/** The subjects and chapters a live class is about. */
export class SubjectsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SubjectsRepository,
  ) {}

  async subjects(): Promise<BatchSubject[]> {
    return this.repo.subjects();
  }

  async chapters(subjectId?: string): Promise<Chapter[]> {
    return this.repo.chapters(subjectId);
  }

  async createSubject(actor: Actor, subjectName: string): Promise<{ subject: BatchSubject; message: string }> {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insertSubject(tx, { id, name: subjectName, createdBy: actor.name });
        return {
          activity: {
            action: 'batchSubject.create',
            entityType: 'batchSubject',
            entityId: id,
            after: { subjectName },
            summary: `${actor.name} created the batch subject '${subjectName}'`,
          },
        };
      },
      onError: (error) => (isUniqueViolation(error) ? fail(409, 'subjectTaken', { subjectName }) : undefined),
    });
    return {
      subject: { subjectId: id, subjectName, chapterCount: 0 },
      message: liveClassMessage('subjectCreated', { subjectName }),
    };
  }

  async createChapter(
    actor: Actor,
    input: { subjectId: string; chapterName: string },
  ): Promise<{ chapter: Chapter; message: string }> {
    const id = crypto.randomUUID();
    let subjectName = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const subject = await this.repo.subject(tx, input.subjectId);
        if (!subject) throw notFoundError('subject', input.subjectId);
        subjectName = subject.name;
        await this.repo.insertChapter(tx, {
          id,
          subjectId: subject.id,
          name: input.chapterName,
          createdBy: actor.name,
        });
        return {
          activity: {
            action: 'batchChapter.create',
            entityType: 'batchChapter',
            entityId: id,
            after: input,
            summary: `${actor.name} added the chapter '${input.chapterName}' to '${subject.name}'`,
          },
        };
      },
      onError: (error) =>
        isUniqueViolation(error)
          ? fail(409, 'chapterTaken', { subjectName, chapterName: input.chapterName })
          : undefined,
    });
    return {
      chapter: { chapterId: id, chapterName: input.chapterName, subjectId: input.subjectId, subjectName },
      message: liveClassMessage('chapterCreated', { chapterName: input.chapterName }),
    };
  }
}
