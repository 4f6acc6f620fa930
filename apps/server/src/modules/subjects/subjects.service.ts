import crypto from 'node:crypto';
import {
  LOCKED_STATES,
  MESSAGES,
  SUBJECT_TRANSITIONS,
  SubjectStateSchema,
  computeTotals,
  fillMessage,
  listingGroup,
  subjectAccess,
  type InstructorSchema,
  type ListingGroup,
  type MessageKey,
  type Role,
  type SubjectAccess,
  type SubjectDetail,
  type SubjectListItem,
  type SubjectState,
} from '@lectern/contract';
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import {
  notifications,
  roles as rolesTable,
  subjectAssignees,
  subjects,
  subtopics,
  topics,
  units,
  userRoles,
  users,
  videos,
} from '../../db/schema';
import { recordActivity } from '../../lib/activity';
import { AppError, forbidden, notFound, staleVersion } from '../../lib/app-error';
import type { AuthContext } from '../../lib/routing';
import { SubjectsRepository, type ListingRow, type SubjectPeopleRow, type SubjectRow } from './subjects.repository';

type Instructor = z.infer<typeof InstructorSchema>;
type Caller = Pick<AuthContext, 'userId' | 'roles'>;
type Need = keyof Pick<SubjectAccess, 'edit' | 'attach' | 'manage' | 'review'>;

interface Change {
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

interface MutationContext {
  tx: Db;
  subject: SubjectRow;
  actorName: string;
  /** names for the failure message once the change has found them (the unit being deleted, say) */
  failureValues: Record<string, string>;
}

interface MutationOptions {
  need: Need;
  /** allowed while the subject is under review */
  allowLocked?: boolean;
  /** the catalogue message for an unexpected failure, and its placeholders */
  failure: { key: MessageKey; values: Record<string, string> };
}

const newId = () => crypto.randomUUID();

export type TreeLevel = 'unit' | 'topic' | 'subtopic';

/** Puts a node's name in the failure message's placeholders ([unitName] for units, [name] otherwise). */
function nameFailure(values: Record<string, string>, level: TreeLevel, name: string) {
  values[level === 'unit' ? 'unitName' : 'name'] = name;
}
const TREE_TABLES = { unit: units, topic: topics, subtopic: subtopics } as const;
const PARENT_COLUMN = { unit: units.subjectId, topic: topics.unitId, subtopic: subtopics.topicId } as const;
const PARENT_LABEL = { unit: 'subject', topic: 'unit', subtopic: 'topic' } as const;
const CHILDREN_WORDS = { unit: ' with its topics', topic: ' with its subtopics', subtopic: '' } as const;

interface TreeEdit {
  subjectId: string;
  version: number;
}
export interface TreeCreate extends TreeEdit {
  /** the subject for a unit, the unit for a topic, the topic for a subtopic */
  parentId: string;
  name: string;
  description?: string;
  active?: boolean;
  trial?: boolean;
}
export interface TreeUpdate extends TreeEdit {
  id: string;
  name?: string;
  description?: string;
  active?: boolean;
  trial?: boolean;
}
export interface TreeDelete extends TreeEdit {
  id: string;
}
export interface TreeReorder extends TreeEdit {
  parentId: string;
  ids: string[];
}

function peopleIds(subject: SubjectRow, people: SubjectPeopleRow | undefined) {
  return {
    contentAdminId: subject.contentAdminId,
    contentDeveloperIds: people?.contentDevelopers.map((p) => p.userId) ?? [],
    contentUploaderIds: people?.contentUploaders.map((p) => p.userId) ?? [],
  };
}

/** The caller's part in a subject, for the listing's `role`. */
function callerRole(caller: Caller, subject: SubjectRow, people: SubjectPeopleRow | undefined): string | null {
  if (caller.roles.includes('SUPER_ADMIN')) return 'SUPER_ADMIN';
  if (subject.contentAdminId === caller.userId) return 'CONTENT_ADMIN';
  if (people?.contentDevelopers.some((p) => p.userId === caller.userId)) return 'CONTENT_DEVELOPER';
  if (people?.contentUploaders.some((p) => p.userId === caller.userId)) return 'CONTENT_UPLOADER';
  if (caller.roles.includes('CONTENT_ADMIN')) return 'CONTENT_ADMIN';
  return null;
}

function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** Subject management: the listing, the tree, people and the review workflow (spec 1 §2-§8, DESIGN §5-§6). */
export class SubjectsService {
  private readonly repo: SubjectsRepository;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new SubjectsRepository(database);
  }

  private get db(): Db {
    return this.database.db;
  }

  /** Subjects visible to the caller: all for admins, assigned ones for developers and uploaders. */
  private async visibleRows(
    caller: Caller,
    filter: { mine?: boolean; assignedTo?: string } = {},
  ): Promise<ListingRow[]> {
    const admin = caller.roles.includes('SUPER_ADMIN') || caller.roles.includes('CONTENT_ADMIN');
    const assignedTo = filter.assignedTo ?? (filter.mine || !admin ? caller.userId : undefined);
    return this.repo.listing({ assignedTo });
  }

  private async toListItems(caller: Caller, rows: ListingRow[]): Promise<SubjectListItem[]> {
    const people = await this.repo.people(rows.map((r) => r.subject.id));
    return rows.map((row) => {
      const p = people.get(row.subject.id);
      return {
        ...this.core(caller, row.subject, p, row.unitCount, row.activityMessage, row.activityAt),
        unitCount: row.unitCount,
        topicCount: row.topicCount,
        subTopicCount: row.subTopicCount,
        duration: row.duration,
        contentAdmin: p?.contentAdmin ?? null,
        contentDevelopers: p?.contentDevelopers ?? [],
      };
    });
  }

  private core(
    caller: Caller,
    subject: SubjectRow,
    people: SubjectPeopleRow | undefined,
    unitCount: number,
    activityMessage: string | null,
    activityAt: Date | null,
  ) {
    const state = SubjectStateSchema.parse(subject.subjectState);
    return {
      subjectId: subject.id,
      subjectName: subject.name,
      description: subject.description,
      subjectState: state,
      status: listingGroup(state, (people?.contentDevelopers.length ?? 0) > 0, unitCount),
      subjectInfo: subject.subjectInfo,
      locked: subject.locked,
      imagePath: subject.imagePath,
      imageName: subject.imageName,
      videoPath: subject.videoPath,
      comingSoon: subject.comingSoon,
      activityMessage,
      activityAt: activityAt?.toISOString() ?? null,
      role: callerRole(caller, subject, people),
      version: subject.version,
      lastReview: (subject.lastReview as SubjectDetail['lastReview']) ?? null,
      updatedAt: subject.updatedAt.toISOString(),
    };
  }

  async list(
    caller: Caller,
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
  async detail(caller: Caller, subjectId: string): Promise<SubjectDetail> {
    const [row] = await this.repo.listing({ subjectIds: [subjectId] });
    if (!row) throw notFound('that subject');
    const people = (await this.repo.people([subjectId])).get(subjectId);
    if (!subjectAccess(caller, peopleIds(row.subject, people)).view) throw forbidden();
    const tree = await this.repo.tree(subjectId);
    return {
      ...this.core(caller, row.subject, people, tree.length, row.activityMessage, row.activityAt),
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

  private async actorName(db: Db, userId: string): Promise<string> {
    const rows = await db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return rows[0] ? `${rows[0].first} ${rows[0].last}`.trim() : 'Someone';
  }

  /**
   * Runs one change to a subject in a transaction: locks the row, checks access, the review lock and
   * the version, applies the change, bumps the version and writes the activity row.
   */
  private async mutate(
    caller: Caller,
    subjectId: string,
    version: number,
    options: MutationOptions,
    apply: (ctx: MutationContext) => Promise<Change>,
  ): Promise<SubjectDetail> {
    // The failure message names what the change was about: the subject, and what `apply` found.
    const failureValues: Record<string, string> = { ...options.failure.values };
    try {
      await this.db.transaction(async (tx) => {
        const subject = await this.repo.lockSubject(tx, subjectId);
        if (!subject) throw AppError.of(404, 'subjectUpdateInvalidId', {}, { errorCode: 1029 });
        if (!failureValues.subjectName) failureValues.subjectName = subject.name;
        const people = {
          contentAdminId: subject.contentAdminId,
          contentDeveloperIds: await this.repo.assignedIds(tx, subjectId, 'CONTENT_DEVELOPER'),
          contentUploaderIds: await this.repo.assignedIds(tx, subjectId, 'CONTENT_UPLOADER'),
        };
        if (!subjectAccess(caller, people)[options.need]) throw forbidden();
        if (!options.allowLocked && (LOCKED_STATES as readonly string[]).includes(subject.subjectState)) {
          throw AppError.of(409, 'subjectLocked', { subjectName: subject.name });
        }
        if (subject.version !== version) throw staleVersion('subject');
        const actorName = await this.actorName(tx, caller.userId);
        const change = await apply({ tx, subject, actorName, failureValues });
        await this.repo.bumpVersion(tx, subjectId);
        await recordActivity(tx, { actorId: caller.userId, subjectId, ...change });
      });
    } catch (error) {
      if (isAppError(error)) throw error;
      this.log.error({ err: error, subjectId }, 'subject change failed');
      throw new AppError(500, fillMessage(MESSAGES[options.failure.key], failureValues));
    }
    return this.detail(caller, subjectId);
  }

  // ---- subjects

  async create(
    caller: Caller,
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
    const id = newId();
    try {
      await this.db.transaction(async (tx) => {
        const actorName = await this.actorName(tx, caller.userId);
        await tx.insert(subjects).values({
          id,
          name: input.subjectName,
          description: input.description,
          imagePath: input.imagePath,
          imageName: input.imageName,
          comingSoon: input.comingSoon,
          locked: input.locked,
          instructors: input.instructors,
          contentAdminId: caller.roles.includes('CONTENT_ADMIN') ? caller.userId : null,
          createdBy: caller.userId,
        });
        await recordActivity(tx, {
          actorId: caller.userId,
          subjectId: id,
          action: 'subject.create',
          entityType: 'subject',
          entityId: id,
          after: input,
          summary: `${actorName} created the subject`,
        });
      });
    } catch (error) {
      this.log.error({ err: error }, 'subject create failed');
      throw AppError.of(500, 'subjectCreateFailed', { subjectName: input.subjectName });
    }
    return this.detail(caller, id);
  }

  async update(
    caller: Caller,
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
    return this.mutate(
      caller,
      subjectId,
      version,
      {
        need: 'manage',
        allowLocked: true,
        failure: { key: 'subjectUpdateFailed', values: { subjectName: subjectName ?? '' } },
      },
      async ({ tx, subject, actorName }) => {
        const renaming = subjectName !== undefined && subjectName !== subject.name;
        if (renaming) {
          const people = { contentAdminId: subject.contentAdminId, contentDeveloperIds: [], contentUploaderIds: [] };
          if (!subjectAccess(caller, people).rename)
            throw AppError.of(403, 'notContentAdmin', { subjectName: subject.name });
        }
        const changes = {
          ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
          ...(renaming ? { name: subjectName } : {}),
          ...(instructors ? { instructors } : {}),
        };
        if (Object.keys(changes).length > 0) await tx.update(subjects).set(changes).where(eq(subjects.id, subjectId));
        return {
          action: renaming ? 'subject.rename' : 'subject.update',
          entityType: 'subject',
          entityId: subjectId,
          before: { name: subject.name },
          after: changes,
          summary: renaming
            ? `${actorName} renamed the subject from '${subject.name}' to '${subjectName}'`
            : `${actorName} updated the subject details`,
        };
      },
    );
  }

  async delete(caller: Caller, subjectIds: string[]): Promise<string[]> {
    const rows = await this.db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(inArray(subjects.id, subjectIds));
    if (rows.length === 0) throw notFound(subjectIds.length === 1 ? 'that subject' : 'those subjects');
    try {
      await this.db.transaction(async (tx) => {
        const actorName = await this.actorName(tx, caller.userId);
        await tx.delete(subjects).where(
          inArray(
            subjects.id,
            rows.map((r) => r.id),
          ),
        );
        for (const row of rows) {
          await recordActivity(tx, {
            actorId: caller.userId,
            subjectId: row.id,
            action: 'subject.delete',
            entityType: 'subject',
            entityId: row.id,
            before: row,
            summary: `${actorName} deleted the subject '${row.name}'`,
          });
        }
      });
    } catch (error) {
      this.log.error({ err: error }, 'subject delete failed');
      throw AppError.of(500, 'subjectDeleteFailed', { subjectName: rows.map((r) => r.name).join("', '") });
    }
    return rows.map((r) => r.id);
  }

  // ---- workflow

  private checkState(subject: SubjectRow, from: readonly string[], action: string) {
    if (!from.includes(subject.subjectState)) {
      throw AppError.of(409, 'subjectWrongState', {
        subjectName: subject.name,
        state: subject.subjectState.replace(/_/g, ' ').toLowerCase(),
        action,
      });
    }
  }

  private async notify(
    tx: Db,
    userIds: string[],
    n: { type: string; title: string; body: string | null; link: string },
  ) {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    await tx.insert(notifications).values(unique.map((userId) => ({ id: newId(), userId, ...n })));
  }

  private async reviewers(tx: Db, subject: SubjectRow): Promise<string[]> {
    if (subject.contentAdminId) return [subject.contentAdminId];
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(rolesTable, eq(rolesTable.id, userRoles.roleId))
      .where(and(eq(rolesTable.name, 'CONTENT_ADMIN'), eq(users.active, true)));
    return rows.map((r) => r.id);
  }

  async sendForReview(caller: Caller, pathUserId: string, input: { subjectId: string; version: number }) {
    if (pathUserId !== caller.userId) throw forbidden();
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'edit', allowLocked: true, failure: { key: 'sendForReviewFailed', values: { subjectName: '' } } },
      async ({ tx, subject, actorName }) => {
        this.checkState(subject, SUBJECT_TRANSITIONS.sendForReview.from, 'sent for review');
        const [unitCount] = await tx.select({ n: count() }).from(units).where(eq(units.subjectId, subject.id));
        if (!unitCount?.n) throw AppError.of(409, 'sendForReviewEmpty', { subjectName: subject.name });
        await tx
          .update(subjects)
          .set({ subjectState: SUBJECT_TRANSITIONS.sendForReview.to })
          .where(eq(subjects.id, subject.id));
        await this.notify(tx, await this.reviewers(tx, subject), {
          type: 'SUBJECT',
          title: `'${subject.name}' was sent for review`,
          body: `${actorName} finished the subject and sent it for review.`,
          link: '/subject-review',
        });
        return {
          action: 'subject.sendForReview',
          entityType: 'subject',
          entityId: subject.id,
          summary: `${actorName} sent the subject for review`,
        };
      },
    );
  }

  async approve(caller: Caller, pathUserId: string, input: { subjectId: string; version: number }) {
    if (pathUserId !== caller.userId) throw forbidden();
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'review', allowLocked: true, failure: { key: 'subjectUpdateFailed', values: { subjectName: '' } } },
      async ({ tx, subject, actorName }) => {
        const publish = subject.subjectState === 'READY_TO_BE_PUBLISHED';
        const move = publish ? SUBJECT_TRANSITIONS.publish : SUBJECT_TRANSITIONS.approve;
        this.checkState(
          subject,
          [...SUBJECT_TRANSITIONS.approve.from, ...SUBJECT_TRANSITIONS.publish.from],
          'approved',
        );
        const review = { action: 'APPROVED', reason: null, by: actorName, at: new Date().toISOString() };
        await tx.update(subjects).set({ subjectState: move.to, lastReview: review }).where(eq(subjects.id, subject.id));
        await this.notify(tx, await this.repo.assignedIds(tx, subject.id, 'CONTENT_DEVELOPER'), {
          type: 'SUCCESS',
          title: publish ? `'${subject.name}' was published` : `'${subject.name}' was approved`,
          body: `${actorName} ${publish ? 'published' : 'approved'} the subject.`,
          link: `/subject-management/subject-details?subjectId=${subject.id}`,
        });
        return {
          action: publish ? 'subject.publish' : 'subject.approve',
          entityType: 'subject',
          entityId: subject.id,
          summary: `${actorName} ${publish ? 'published' : 'approved'} the subject`,
        };
      },
    );
  }

  async revert(caller: Caller, subjectId: string, input: { version: number; reason: string; decline: boolean }) {
    return this.mutate(
      caller,
      subjectId,
      input.version,
      { need: 'review', allowLocked: true, failure: { key: 'subjectUpdateFailed', values: { subjectName: '' } } },
      async ({ tx, subject, actorName }) => {
        this.checkState(subject, SUBJECT_TRANSITIONS.revert.from, input.decline ? 'declined' : 'reverted');
        const action = input.decline ? 'DECLINED' : 'REVERTED';
        const review = { action, reason: input.reason, by: actorName, at: new Date().toISOString() };
        await tx
          .update(subjects)
          .set({ subjectState: SUBJECT_TRANSITIONS.revert.to, lastReview: review })
          .where(eq(subjects.id, subjectId));
        await this.notify(tx, await this.repo.assignedIds(tx, subjectId, 'CONTENT_DEVELOPER'), {
          type: 'WARNING',
          title: `'${subject.name}' was ${input.decline ? 'declined' : 'reverted'}`,
          body: input.reason,
          link: `/subject-management/subject-details?subjectId=${subjectId}`,
        });
        return {
          action: input.decline ? 'subject.decline' : 'subject.revert',
          entityType: 'subject',
          entityId: subjectId,
          after: { reason: input.reason },
          summary: `${actorName} ${input.decline ? 'declined' : 'reverted'} the subject: ${input.reason}`,
        };
      },
    );
  }

  async changeAssignee(
    caller: Caller,
    input: {
      subjectId: string;
      version: number;
      userId: string;
      role: 'CONTENT_ADMIN' | 'CONTENT_DEVELOPER' | 'CONTENT_UPLOADER';
      operation: 'ADD' | 'REMOVE';
    },
  ) {
    const detail = await this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'manage', allowLocked: true, failure: { key: 'assigneeUpdateFailed', values: { subjectName: '' } } },
      async ({ tx, subject, actorName }) => {
        const person = await tx
          .select({ first: users.firstName, last: users.lastName, active: users.active })
          .from(users)
          .where(eq(users.id, input.userId));
        const name = person[0] ? `${person[0].first} ${person[0].last}`.trim() : 'That user';
        if (input.operation === 'ADD') {
          const held = await tx
            .select({ n: rolesTable.name })
            .from(userRoles)
            .innerJoin(rolesTable, eq(rolesTable.id, userRoles.roleId))
            .where(and(eq(userRoles.userId, input.userId), eq(rolesTable.name, input.role as Role)));
          if (!person[0]?.active || held.length === 0) {
            throw AppError.of(409, 'assigneeWrongRole', {
              userName: name,
              role: input.role.replace(/_/g, ' ').toLowerCase(),
            });
          }
          if (input.role === 'CONTENT_ADMIN')
            await tx.update(subjects).set({ contentAdminId: input.userId }).where(eq(subjects.id, subject.id));
          else
            await tx
              .insert(subjectAssignees)
              .values({ subjectId: subject.id, userId: input.userId, role: input.role })
              .onConflictDoNothing();
        } else if (input.role === 'CONTENT_ADMIN') {
          if (subject.contentAdminId === input.userId)
            await tx.update(subjects).set({ contentAdminId: null }).where(eq(subjects.id, subject.id));
        } else {
          await tx
            .delete(subjectAssignees)
            .where(
              and(
                eq(subjectAssignees.subjectId, subject.id),
                eq(subjectAssignees.userId, input.userId),
                eq(subjectAssignees.role, input.role),
              ),
            );
        }
        if (input.operation === 'ADD') {
          await this.notify(tx, [input.userId], {
            type: 'SUBJECT',
            title: `You were assigned to '${subject.name}'`,
            body: `${actorName} added you as ${input.role.replace(/_/g, ' ').toLowerCase()}.`,
            link: `/subject-management/subject-details?subjectId=${subject.id}`,
          });
        }
        const role = input.role.replace(/_/g, ' ').toLowerCase();
        return {
          action: `subject.assignee.${input.operation.toLowerCase()}`,
          entityType: 'subject',
          entityId: subject.id,
          after: input,
          summary:
            input.operation === 'ADD'
              ? `${actorName} assigned ${name} as ${role}`
              : `${actorName} removed ${name} as ${role}`,
        };
      },
    );
    return detail.assignees;
  }

  async attachVideo(
    caller: Caller,
    input: {
      subjectId: string;
      version: number;
      unitId: string;
      topicId: string;
      subTopicId: string;
      videoDetails: { videoId: string } | null;
    },
  ) {
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'attach', failure: { key: 'attachVideoFailed', values: { subTopicName: '' } } },
      async ({ tx, actorName, failureValues }) => {
        const [sub] = await tx
          .select()
          .from(subtopics)
          .where(
            and(
              eq(subtopics.id, input.subTopicId),
              eq(subtopics.subjectId, input.subjectId),
              eq(subtopics.topicId, input.topicId),
              eq(subtopics.unitId, input.unitId),
            ),
          );
        if (!sub) throw notFound('that subtopic');
        failureValues.subTopicName = sub.name;
        let videoName: string | null = null;
        if (input.videoDetails) {
          const [video] = await tx.select().from(videos).where(eq(videos.id, input.videoDetails.videoId));
          if (!video) throw notFound('that video');
          if (video.subjectId !== input.subjectId)
            throw AppError.of(409, 'attachWrongSubject', { subTopicName: sub.name });
          if (video.transcodingStatus !== 'COMPLETE')
            throw AppError.of(409, 'attachNotTranscoded', { subTopicName: sub.name });
          videoName = video.name;
        }
        await tx
          .update(subtopics)
          .set({ videoId: input.videoDetails?.videoId ?? null })
          .where(eq(subtopics.id, sub.id));
        return {
          action: input.videoDetails ? 'subtopic.attachVideo' : 'subtopic.detachVideo',
          entityType: 'subtopic',
          entityId: sub.id,
          before: { videoId: sub.videoId },
          after: { videoId: input.videoDetails?.videoId ?? null },
          summary: videoName
            ? `${actorName} attached '${videoName}' to '${sub.name}'`
            : `${actorName} removed the video from '${sub.name}'`,
        };
      },
    );
  }

  // ---- the tree: units, topics and subtopics share one set of operations

  /** The parent a new node goes under (the subject itself for a unit), checked to be in this subject. */
  private async parentOf(tx: Db, level: TreeLevel, subject: SubjectRow, parentId: string) {
    if (level === 'unit') {
      if (parentId !== subject.id) throw notFound('that subject');
      return { id: subject.id, name: subject.name, unitId: null };
    }
    const table = level === 'topic' ? units : topics;
    const [row] = await tx
      .select({ id: table.id, name: table.name, subjectId: table.subjectId })
      .from(table)
      .where(and(eq(table.id, parentId), eq(table.subjectId, subject.id)));
    if (!row) throw notFound(`that ${PARENT_LABEL[level]}`);
    const unitId =
      level === 'subtopic'
        ? ((await tx.select({ unitId: topics.unitId }).from(topics).where(eq(topics.id, row.id)))[0]?.unitId ?? null)
        : null;
    return { id: row.id, name: row.name, unitId };
  }

  private async nodeOf(tx: Db, level: TreeLevel, subjectId: string, id: string) {
    const table = TREE_TABLES[level];
    const [row] = await tx
      .select({ id: table.id, name: table.name, active: table.active, trial: table.trial, position: table.position })
      .from(table)
      .where(and(eq(table.id, id), eq(table.subjectId, subjectId)));
    if (!row) throw notFound(`that ${level}`);
    return row;
  }

  private failure(
    action: 'create' | 'update' | 'delete' | 'reorder',
    level: TreeLevel,
    name: string,
  ): MutationOptions['failure'] {
    if (action === 'reorder') return { key: 'orderUpdateFailed', values: { type: level } };
    if (level === 'unit') {
      const key = ({ create: 'unitCreateFailed', delete: 'unitDeleteFailed', update: 'unitUpdateFailed' } as const)[
        action
      ];
      return { key, values: { unitName: name } };
    }
    return { key: 'contentActionFailed', values: { action, type: level, name } };
  }

  private flagWords(changes: { active?: boolean; trial?: boolean }, renamedTo?: string): string {
    const words: string[] = [];
    if (renamedTo) words.push(`renamed it to '${renamedTo}'`);
    if (changes.active !== undefined) words.push(changes.active ? 'switched it on' : 'switched it off');
    if (changes.trial !== undefined) words.push(changes.trial ? 'made it free trial' : 'removed free trial');
    return words.join(', ') || 'saved it';
  }

  /** Creates a unit (under the subject), a topic (under a unit) or a subtopic (under a topic), last in order. */
  async createNode(caller: Caller, level: TreeLevel, input: TreeCreate) {
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'edit', failure: this.failure('create', level, input.name) },
      async ({ tx, subject, actorName }) => {
        const parent = await this.parentOf(tx, level, subject, input.parentId);
        const table = TREE_TABLES[level];
        const [last] = await tx
          .select({ n: max(table.position) })
          .from(table)
          .where(eq(PARENT_COLUMN[level], parent.id));
        const id = newId();
        const node = {
          id,
          subjectId: subject.id,
          name: input.name,
          position: (last?.n ?? -1) + 1,
          active: input.active ?? true,
          trial: input.trial ?? false,
        };
        if (level === 'unit') await tx.insert(units).values(node);
        else if (level === 'topic') await tx.insert(topics).values({ ...node, unitId: parent.id });
        else {
          await tx
            .insert(subtopics)
            .values({ ...node, topicId: parent.id, unitId: parent.unitId ?? '', description: input.description ?? '' });
        }
        const where = level === 'unit' ? '' : ` in ${PARENT_LABEL[level]} '${parent.name}'`;
        return {
          action: `${level}.create`,
          entityType: level,
          entityId: id,
          after: input,
          summary: `${actorName} created ${level} '${input.name}'${where}`,
        };
      },
    );
  }

  /** Renames a node, changes a subtopic's description, or switches it active or trial. */
  async updateNode(caller: Caller, level: TreeLevel, input: TreeUpdate) {
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'edit', failure: this.failure('update', level, input.name ?? '') },
      async ({ tx, actorName, failureValues }) => {
        const node = await this.nodeOf(tx, level, input.subjectId, input.id);
        nameFailure(failureValues, level, input.name ?? node.name);
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(input.trial !== undefined ? { trial: input.trial } : {}),
        };
        if (level === 'subtopic' && input.description !== undefined) {
          await tx.update(subtopics).set({ description: input.description }).where(eq(subtopics.id, node.id));
        }
        if (Object.keys(changes).length > 0) {
          // units, topics and subtopics share these columns
          await tx
            .update(TREE_TABLES[level] as typeof units)
            .set(changes)
            .where(eq(TREE_TABLES[level].id, node.id));
        }
        const renamed = input.name !== undefined && input.name !== node.name ? input.name : undefined;
        return {
          action: `${level}.update`,
          entityType: level,
          entityId: node.id,
          before: node,
          after: changes,
          summary: `${actorName} ${this.flagWords(input, renamed)} (${level} '${node.name}')`,
        };
      },
    );
  }

  /** Deletes a node with everything under it (the database cascades), in the change's transaction. */
  async deleteNode(caller: Caller, level: TreeLevel, input: TreeDelete) {
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'edit', failure: this.failure('delete', level, '') },
      async ({ tx, actorName, failureValues }) => {
        const node = await this.nodeOf(tx, level, input.subjectId, input.id);
        nameFailure(failureValues, level, node.name);
        await tx.delete(TREE_TABLES[level]).where(eq(TREE_TABLES[level].id, node.id));
        return {
          action: `${level}.delete`,
          entityType: level,
          entityId: node.id,
          before: node,
          summary: `${actorName} deleted ${level} '${node.name}'${CHILDREN_WORDS[level]}`,
        };
      },
    );
  }

  /** Puts the children of one parent in a new order; the order must list each of them exactly once. */
  async reorderNodes(caller: Caller, level: TreeLevel, input: TreeReorder) {
    return this.mutate(
      caller,
      input.subjectId,
      input.version,
      { need: 'edit', failure: this.failure('reorder', level, '') },
      async ({ tx, subject, actorName }) => {
        const parent = await this.parentOf(tx, level, subject, input.parentId);
        const table = TREE_TABLES[level];
        const current = await tx
          .select({ id: table.id })
          .from(table)
          .where(eq(PARENT_COLUMN[level], parent.id))
          .orderBy(asc(table.position));
        const ids = current.map((r) => r.id);
        const order = input.ids;
        if (
          order.length !== ids.length ||
          new Set(order).size !== order.length ||
          !order.every((id) => ids.includes(id))
        ) {
          throw AppError.of(400, 'validation', {
            details: `the new order must list every ${level} of it exactly once`,
          });
        }
        for (const [position, id] of order.entries()) {
          await tx
            .update(table as typeof units)
            .set({ position })
            .where(eq(table.id, id));
        }
        const of = level === 'unit' ? '' : ` of ${PARENT_LABEL[level]} '${parent.name}'`;
        return {
          action: `${level}.reorder`,
          entityType: PARENT_LABEL[level],
          entityId: parent.id,
          before: ids,
          after: order,
          summary: `${actorName} reordered the ${level}s${of}`,
        };
      },
    );
  }

  /** A subject's video files, newest first; the caller must be able to attach to it. */
  async videosOf(caller: Caller, subjectId: string) {
    const [row] = await this.repo.listing({ subjectIds: [subjectId] });
    if (!row) throw notFound('that subject');
    const people = (await this.repo.people([subjectId])).get(subjectId);
    if (!subjectAccess(caller, peopleIds(row.subject, people)).attach) throw forbidden();
    return this.db.select().from(videos).where(eq(videos.subjectId, subjectId)).orderBy(asc(videos.name));
  }
}
