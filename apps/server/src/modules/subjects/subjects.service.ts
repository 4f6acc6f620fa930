import crypto from 'node:crypto';
import {
  LOCKED_STATES,
  computeTotals,
  subjectAccess,
  type InstructorSchema,
  type ListingGroup,
  type MessageKey,
  type SubjectAccess,
  type SubjectDetail,
  type SubjectListItem,
  type SubjectState,
} from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { changeAggregate, recordChange, type ActivityDraft, type Aggregate } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { NotificationDraft } from '../notifications';
import type { StaffActor, Viewer } from '../../lib/routing';
import { SubjectsRepository, type AssigneeRole, type ListingRow, type SubjectRow } from './subjects.repository';
import { peopleIds, subjectCore, subjectListItem } from './subject-views';

type Instructor = z.infer<typeof InstructorSchema>;
/** Who reads: the listing and the detail need no name. */
type Need = keyof Pick<SubjectAccess, 'edit' | 'attach' | 'manage' | 'review'>;

/** How a change to a subject is allowed and what its failure is called. */
export interface SubjectChangeOptions {
  need: Need;
  /** allowed while the subject is under review */
  allowLocked?: boolean;
  /** the catalogue message for an unexpected failure, and its placeholders */
  failure: { key: MessageKey; values: Record<string, string> };
}

export interface SubjectChangeContext {
  tx: Db;
  /** the locked subject row, as it was before the change */
  subject: SubjectRow;
  actor: StaffActor;
  /** names for the failure message once the change has found them (the unit being deleted, say) */
  failureValues: Record<string, string>;
}

/** What a change to a subject did: one activity row (filed under the subject) and whom to tell. */
export interface SubjectChange {
  activity: ActivityDraft;
  notify?: NotificationDraft[];
}

export const subjectLink = (subjectId: string) => `/subject-management/subject-details?subjectId=${subjectId}`;

/**
 * The subject itself (spec 1 §2-§5, DESIGN §5-§6): the listing and detail, create, rename, delete and
 * its people, and `change`, the subject's use of the aggregate helper that the review workflow
 * (subject-review.service.ts) and the tree (subject-tree.service.ts) go through too.
 */
export class SubjectsService {
  private readonly repo: SubjectsRepository;
  private readonly subjects: Aggregate<SubjectRow>;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    const repo = new SubjectsRepository(database);
    this.repo = repo;
    this.subjects = {
      entity: 'subject',
      lock: (tx, id) => repo.lockSubject(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: () => AppError.of(404, 'subjectUpdateInvalidId', {}, { errorCode: 1029 }),
    };
  }

  private get db(): Db {
    return this.database.db;
  }

  /** Subjects visible to the caller: all for admins, assigned ones for developers and uploaders. */
  private async visibleRows(
    caller: Viewer,
    filter: { mine?: boolean; assignedTo?: string } = {},
  ): Promise<ListingRow[]> {
    const admin = caller.roles.includes('SUPER_ADMIN') || caller.roles.includes('CONTENT_ADMIN');
    const assignedTo = filter.assignedTo ?? (filter.mine || !admin ? caller.userId : undefined);
    return this.repo.listing({ assignedTo });
  }

  private async toListItems(caller: Viewer, rows: ListingRow[]): Promise<SubjectListItem[]> {
    const people = await this.repo.people(rows.map((r) => r.subject.id));
    return rows.map((row) => subjectListItem(caller, row, people.get(row.subject.id)));
  }

  async list(
    caller: Viewer,
    filter: { mine?: boolean; states?: SubjectState[]; group?: ListingGroup; assignedTo?: string } = {},
  ) {
    const items = await this.toListItems(caller, await this.visibleRows(caller, filter));
    return items.filter(
      (item) =>
        (!filter.states || filter.states.includes(item.subjectState)) &&
        (!filter.group || item.status === filter.group),
    );
  }

  /** One subject with its tree, totals, people and instructors; 404 when missing, 403 when not visible. */
  async detail(caller: Viewer, subjectId: string): Promise<SubjectDetail> {
    const [row] = await this.repo.listing({ subjectIds: [subjectId] });
    if (!row) throw AppError.of(404, 'notFound', { what: 'that subject' });
    const people = (await this.repo.people([subjectId])).get(subjectId);
    if (!subjectAccess(caller, peopleIds(row.subject, people)).view) throw AppError.of(403, 'unauthorized');
    const tree = await this.repo.tree(subjectId);
    return {
      ...subjectCore(caller, row.subject, people, tree.length, row.activityMessage, row.activityAt),
      units: tree,
      instructors: (row.subject.instructors as Instructor[]) ?? [],
      assignees: {
        subjectId,
        contentAdminId: row.subject.contentAdminId,
        contentAdmin: people?.contentAdmin ?? null,
        contentDevelopers: people?.contentDevelopers ?? [],
        contentUploaders: people?.contentUploaders ?? [],
      },
      totals: computeTotals(tree),
    };
  }

  /**
   * Runs one change to a subject (lib/aggregate.ts): locks the row, checks access and the review
   * lock, then the version, applies the change, bumps the version and writes the activity row and
   * notifications; answers the subject as it is afterwards.
   */
  async change(
    actor: StaffActor,
    subjectId: string,
    version: number,
    options: SubjectChangeOptions,
    apply: (ctx: SubjectChangeContext) => Promise<SubjectChange>,
  ): Promise<SubjectDetail> {
    // The failure message names what the change was about: the subject, and what `apply` found.
    const failureValues: Record<string, string> = { ...options.failure.values };
    await changeAggregate(
      this.db,
      this.subjects,
      { actor, id: subjectId, version },
      {
        check: async (tx, subject) => {
          if (!failureValues.subjectName) failureValues.subjectName = subject.name;
          const people = await this.repo.peopleIds(tx, subjectId);
          if (!people || !subjectAccess(actor, people)[options.need]) throw AppError.of(403, 'unauthorized');
          if (!options.allowLocked && (LOCKED_STATES as readonly string[]).includes(subject.subjectState)) {
            throw AppError.of(409, 'subjectLocked', { subjectName: subject.name });
          }
        },
        apply: async ({ tx, row }) => {
          const change = await apply({ tx, subject: row, actor, failureValues });
          return { activity: { ...change.activity, subjectId }, notify: change.notify };
        },
        onError: (error) => {
          this.log.error({ err: error, subjectId }, 'subject change failed');
          return AppError.of(500, options.failure.key, failureValues);
        },
      },
    );
    return this.detail(actor, subjectId);
  }

  /** Whether `caller` may see subject `subjectId` (inside a change's transaction); false when there is none. */
  async canView(tx: Db, caller: Viewer, subjectId: string): Promise<boolean> {
    const people = await this.repo.peopleIds(tx, subjectId);
    return people !== null && subjectAccess(caller, people).view;
  }

  /** A subject's video files, newest first; the caller must be able to attach to it. */
  async videosOf(caller: Viewer, subjectId: string) {
    const [row] = await this.repo.listing({ subjectIds: [subjectId] });
    if (!row) throw AppError.of(404, 'notFound', { what: 'that subject' });
    const people = (await this.repo.people([subjectId])).get(subjectId);
    if (!subjectAccess(caller, peopleIds(row.subject, people)).attach) throw AppError.of(403, 'unauthorized');
    return this.repo.videos(subjectId);
  }

  async create(
    actor: StaffActor,
    input: {
      subjectName: string;
      description: string;
      imagePath: string | null;
      imageName: string | null;
      comingSoon: boolean;
      locked: boolean;
      instructors: Instructor[];
    },
  ) {
    const id = crypto.randomUUID();
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.insert(tx, {
          id,
          name: input.subjectName,
          description: input.description,
          imagePath: input.imagePath,
          imageName: input.imageName,
          comingSoon: input.comingSoon,
          locked: input.locked,
          instructors: input.instructors,
          contentAdminId: actor.roles.includes('CONTENT_ADMIN') ? actor.userId : null,
          createdBy: actor.userId,
        });
        return {
          activity: {
            subjectId: id,
            action: 'subject.create',
            entityType: 'subject',
            entityId: id,
            after: input,
            summary: `${actor.name} created the subject`,
          },
        };
      },
      onError: (error) => {
        this.log.error({ err: error }, 'subject create failed');
        return AppError.of(500, 'subjectCreateFailed', { subjectName: input.subjectName });
      },
    });
    return this.detail(actor, id);
  }

  async update(
    actor: StaffActor,
    input: {
      subjectId: string;
      version: number;
      subjectName?: string;
      description?: string;
      imagePath?: string | null;
      imageName?: string | null;
      comingSoon?: boolean;
      locked?: boolean;
      instructors?: Instructor[];
    },
  ) {
    const { subjectId, version, subjectName, instructors, ...rest } = input;
    return this.change(
      actor,
      subjectId,
      version,
      {
        need: 'manage',
        allowLocked: true,
        failure: { key: 'subjectUpdateFailed', values: { subjectName: subjectName ?? '' } },
      },
      async ({ tx, subject }) => {
        const renaming = subjectName !== undefined && subjectName !== subject.name;
        if (renaming) {
          const people = { contentAdminId: subject.contentAdminId, contentDeveloperIds: [], contentUploaderIds: [] };
          if (!subjectAccess(actor, people).rename)
            throw AppError.of(403, 'notContentAdmin', { subjectName: subject.name });
        }
        const changes = {
          ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
          ...(renaming ? { name: subjectName } : {}),
          ...(instructors ? { instructors } : {}),
        };
        await this.repo.update(tx, subjectId, changes);
        return {
          activity: {
            action: renaming ? 'subject.rename' : 'subject.update',
            entityType: 'subject',
            entityId: subjectId,
            before: { name: subject.name },
            after: changes,
            summary: renaming
              ? `${actor.name} renamed the subject from '${subject.name}' to '${subjectName}'`
              : `${actor.name} updated the subject details`,
          },
        };
      },
    );
  }

  async delete(actor: StaffActor, subjectIds: string[]): Promise<string[]> {
    const rows = await this.repo.names(subjectIds);
    if (rows.length === 0) {
      throw AppError.of(404, 'notFound', { what: subjectIds.length === 1 ? 'that subject' : 'those subjects' });
    }
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        await this.repo.delete(
          tx,
          rows.map((r) => r.id),
        );
        return {
          activity: rows.map((row) => ({
            subjectId: row.id,
            action: 'subject.delete',
            entityType: 'subject',
            entityId: row.id,
            before: row,
            summary: `${actor.name} deleted the subject '${row.name}'`,
          })),
        };
      },
      onError: (error) => {
        this.log.error({ err: error }, 'subject delete failed');
        return AppError.of(500, 'subjectDeleteFailed', { subjectName: rows.map((r) => r.name).join("', '") });
      },
    });
    return rows.map((r) => r.id);
  }

  async changeAssignee(
    actor: StaffActor,
    input: {
      subjectId: string;
      version: number;
      userId: string;
      role: 'CONTENT_ADMIN' | AssigneeRole;
      operation: 'ADD' | 'REMOVE';
    },
  ) {
    const detail = await this.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'manage', allowLocked: true, failure: { key: 'assigneeUpdateFailed', values: { subjectName: '' } } },
      async ({ tx, subject }) => {
        const role = input.role.replace(/_/g, ' ').toLowerCase();
        const person = await this.repo.candidate(tx, input.userId, input.role);
        const name = person?.name ?? 'That user';
        if (input.operation === 'ADD') {
          if (!person?.active || !person.holdsRole)
            throw AppError.of(409, 'assigneeWrongRole', { userName: name, role });
          if (input.role === 'CONTENT_ADMIN') await this.repo.update(tx, subject.id, { contentAdminId: input.userId });
          else await this.repo.addAssignee(tx, subject.id, input.userId, input.role);
        } else if (input.role === 'CONTENT_ADMIN') {
          if (subject.contentAdminId === input.userId) await this.repo.update(tx, subject.id, { contentAdminId: null });
        } else {
          await this.repo.removeAssignee(tx, subject.id, input.userId, input.role);
        }
        return {
          activity: {
            action: `subject.assignee.${input.operation.toLowerCase()}`,
            entityType: 'subject',
            entityId: subject.id,
            after: input,
            summary:
              input.operation === 'ADD'
                ? `${actor.name} assigned ${name} as ${role}`
                : `${actor.name} removed ${name} as ${role}`,
          },
          notify:
            input.operation === 'ADD'
              ? [
                  {
                    userIds: [input.userId],
                    type: 'SUBJECT',
                    title: `You were assigned to '${subject.name}'`,
                    body: `${actor.name} added you as ${role}.`,
                    link: subjectLink(subject.id),
                  },
                ]
              : undefined,
        };
      },
    );
    return detail.assignees;
  }
}
