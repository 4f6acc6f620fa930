import { SUBJECT_TRANSITIONS } from '@lectern/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/routing';
import type { SubjectRow, SubjectsRepository } from './subjects.repository';
import { subjectLink, type SubjectsService } from './subjects.service';

function checkState(subject: SubjectRow, from: readonly string[], action: string) {
  if (!from.includes(subject.subjectState)) {
    throw AppError.of(409, 'subjectWrongState', {
      subjectName: subject.name,
      state: subject.subjectState.replace(/_/g, ' ').toLowerCase(),
      action,
    });
  }
}

/** A subject's review workflow (spec 1 §6, DESIGN §6): send for review, approve, publish, revert, decline. */
export class SubjectReviewService {
  constructor(
    private readonly subjects: SubjectsService,
    private readonly repo: SubjectsRepository,
  ) {}

  /** The subject's content admin, or every active content admin when it has none. */
  private async reviewers(tx: Db, subject: SubjectRow): Promise<string[]> {
    if (subject.contentAdminId) return [subject.contentAdminId];
    return this.repo.activeContentAdminIds(tx);
  }

  async sendForReview(actor: StaffActor, pathUserId: string, input: { subjectId: string; version: number }) {
    if (pathUserId !== actor.userId) throw AppError.of(403, 'unauthorized');
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'edit', allowLocked: true, failure: { key: 'sendForReviewFailed', values: { subjectName: '' } } },
      async ({ tx, subject }) => {
        checkState(subject, SUBJECT_TRANSITIONS.sendForReview.from, 'sent for review');
        if (!(await this.repo.unitCount(tx, subject.id))) {
          throw AppError.of(409, 'sendForReviewEmpty', { subjectName: subject.name });
        }
        await this.repo.update(tx, subject.id, { subjectState: SUBJECT_TRANSITIONS.sendForReview.to });
        return {
          activity: {
            action: 'subject.sendForReview',
            entityType: 'subject',
            entityId: subject.id,
            summary: `${actor.name} sent the subject for review`,
          },
          notify: [
            {
              userIds: await this.reviewers(tx, subject),
              type: 'SUBJECT',
              title: `'${subject.name}' was sent for review`,
              body: `${actor.name} finished the subject and sent it for review.`,
              link: '/subject-review',
            },
          ],
        };
      },
    );
  }

  /** Approves a subject under review, or publishes one that is ready to be published. */
  async approve(actor: StaffActor, pathUserId: string, input: { subjectId: string; version: number }) {
    if (pathUserId !== actor.userId) throw AppError.of(403, 'unauthorized');
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'review', allowLocked: true, failure: { key: 'subjectUpdateFailed', values: { subjectName: '' } } },
      async ({ tx, subject }) => {
        const publish = subject.subjectState === 'READY_TO_BE_PUBLISHED';
        const move = publish ? SUBJECT_TRANSITIONS.publish : SUBJECT_TRANSITIONS.approve;
        checkState(subject, [...SUBJECT_TRANSITIONS.approve.from, ...SUBJECT_TRANSITIONS.publish.from], 'approved');
        const review = { action: 'APPROVED', reason: null, by: actor.name, at: new Date().toISOString() };
        await this.repo.update(tx, subject.id, { subjectState: move.to, lastReview: review });
        return {
          activity: {
            action: publish ? 'subject.publish' : 'subject.approve',
            entityType: 'subject',
            entityId: subject.id,
            summary: `${actor.name} ${publish ? 'published' : 'approved'} the subject`,
          },
          notify: [
            {
              userIds: await this.repo.assignedIds(tx, subject.id, 'CONTENT_DEVELOPER'),
              type: 'SUCCESS',
              title: publish ? `'${subject.name}' was published` : `'${subject.name}' was approved`,
              body: `${actor.name} ${publish ? 'published' : 'approved'} the subject.`,
              link: subjectLink(subject.id),
            },
          ],
        };
      },
    );
  }

  /** Sends a subject back to its content developers (revert), or turns it down (decline), with a reason. */
  async revert(actor: StaffActor, subjectId: string, input: { version: number; reason: string; decline: boolean }) {
    return this.subjects.change(
      actor,
      subjectId,
      input.version,
      { need: 'review', allowLocked: true, failure: { key: 'subjectUpdateFailed', values: { subjectName: '' } } },
      async ({ tx, subject }) => {
        checkState(subject, SUBJECT_TRANSITIONS.revert.from, input.decline ? 'declined' : 'reverted');
        const action = input.decline ? 'DECLINED' : 'REVERTED';
        const review = { action, reason: input.reason, by: actor.name, at: new Date().toISOString() };
        await this.repo.update(tx, subjectId, { subjectState: SUBJECT_TRANSITIONS.revert.to, lastReview: review });
        return {
          activity: {
            action: input.decline ? 'subject.decline' : 'subject.revert',
            entityType: 'subject',
            entityId: subjectId,
            after: { reason: input.reason },
            summary: `${actor.name} ${input.decline ? 'declined' : 'reverted'} the subject: ${input.reason}`,
          },
          notify: [
            {
              userIds: await this.repo.assignedIds(tx, subjectId, 'CONTENT_DEVELOPER'),
              type: 'WARNING',
              title: `'${subject.name}' was ${input.decline ? 'declined' : 'reverted'}`,
              body: input.reason,
              link: subjectLink(subjectId),
            },
          ],
        };
      },
    );
  }
}
