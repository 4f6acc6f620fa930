import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { StaffActor } from '../../lib/routing';
import { SubjectTreeRepository, type TreeLevel } from './subject-tree.repository';
import type { SubjectRow } from './subjects.repository';
import type { SubjectChangeOptions, SubjectsService } from './subjects.service';

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

/** Puts a node's name in the failure message's placeholders ([unitName] for units, [name] otherwise). */
function nameFailure(values: Record<string, string>, level: TreeLevel, name: string) {
  values[level === 'unit' ? 'unitName' : 'name'] = name;
}

function failure(
  action: 'create' | 'update' | 'delete' | 'reorder',
  level: TreeLevel,
  name: string,
): SubjectChangeOptions['failure'] {
  if (action === 'reorder') return { key: 'orderUpdateFailed', values: { type: level } };
  if (level === 'unit') {
    const key = ({ create: 'unitCreateFailed', delete: 'unitDeleteFailed', update: 'unitUpdateFailed' } as const)[
      action
    ];
    return { key, values: { unitName: name } };
  }
  return { key: 'contentActionFailed', values: { action, type: level, name } };
}

function flagWords(changes: { active?: boolean; trial?: boolean }, renamedTo?: string): string {
  const words: string[] = [];
  if (renamedTo) words.push(`renamed it to '${renamedTo}'`);
  if (changes.active !== undefined) words.push(changes.active ? 'switched it on' : 'switched it off');
  if (changes.trial !== undefined) words.push(changes.trial ? 'made it free trial' : 'removed free trial');
  return words.join(', ') || 'saved it';
}

/**
 * A subject's tree (spec 1 §7-§8): units, topics and subtopics share one set of operations (create,
 * edit, delete, reorder), and a subtopic gets its video attached here.
 */
export class SubjectTreeService {
  private readonly tree = new SubjectTreeRepository();

  constructor(private readonly subjects: SubjectsService) {}

  /** The parent a new node goes under (the subject itself for a unit), checked to be in this subject. */
  private async parentOf(tx: Db, level: TreeLevel, subject: SubjectRow, parentId: string) {
    if (level === 'unit') {
      if (parentId !== subject.id) throw AppError.of(404, 'notFound', { what: 'that subject' });
      return { id: subject.id, name: subject.name, unitId: null };
    }
    const row = await this.tree.parent(tx, level === 'topic' ? 'unit' : 'topic', subject.id, parentId);
    if (!row) throw AppError.of(404, 'notFound', { what: `that ${PARENT_LABEL[level]}` });
    const unitId = level === 'subtopic' ? await this.tree.unitOfTopic(tx, row.id) : null;
    return { id: row.id, name: row.name, unitId };
  }

  private async nodeOf(tx: Db, level: TreeLevel, subjectId: string, id: string) {
    const row = await this.tree.node(tx, level, subjectId, id);
    if (!row) throw AppError.of(404, 'notFound', { what: `that ${level}` });
    return row;
  }

  /** Creates a unit (under the subject), a topic (under a unit) or a subtopic (under a topic), last in order. */
  async createNode(actor: StaffActor, level: TreeLevel, input: TreeCreate) {
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'edit', failure: failure('create', level, input.name) },
      async ({ tx, subject }) => {
        const parent = await this.parentOf(tx, level, subject, input.parentId);
        const last = await this.tree.lastPosition(tx, level, parent.id);
        const id = crypto.randomUUID();
        await this.tree.insert(tx, level, {
          id,
          subjectId: subject.id,
          parentId: parent.id,
          unitId: parent.unitId,
          name: input.name,
          description: input.description ?? '',
          position: (last ?? -1) + 1,
          active: input.active ?? true,
          trial: input.trial ?? false,
        });
        const where = level === 'unit' ? '' : ` in ${PARENT_LABEL[level]} '${parent.name}'`;
        return {
          activity: {
            action: `${level}.create`,
            entityType: level,
            entityId: id,
            after: input,
            summary: `${actor.name} created ${level} '${input.name}'${where}`,
          },
        };
      },
    );
  }

  /** Renames a node, changes a subtopic's description, or switches it active or trial. */
  async updateNode(actor: StaffActor, level: TreeLevel, input: TreeUpdate) {
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'edit', failure: failure('update', level, input.name ?? '') },
      async ({ tx, failureValues }) => {
        const node = await this.nodeOf(tx, level, input.subjectId, input.id);
        nameFailure(failureValues, level, input.name ?? node.name);
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(input.trial !== undefined ? { trial: input.trial } : {}),
        };
        if (level === 'subtopic' && input.description !== undefined) {
          await this.tree.setDescription(tx, node.id, input.description);
        }
        await this.tree.update(tx, level, node.id, changes);
        const renamed = input.name !== undefined && input.name !== node.name ? input.name : undefined;
        return {
          activity: {
            action: `${level}.update`,
            entityType: level,
            entityId: node.id,
            before: node,
            after: changes,
            summary: `${actor.name} ${flagWords(input, renamed)} (${level} '${node.name}')`,
          },
        };
      },
    );
  }

  /** Deletes a node with everything under it (the database cascades), in the change's transaction. */
  async deleteNode(actor: StaffActor, level: TreeLevel, input: TreeDelete) {
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'edit', failure: failure('delete', level, '') },
      async ({ tx, failureValues }) => {
        const node = await this.nodeOf(tx, level, input.subjectId, input.id);
        nameFailure(failureValues, level, node.name);
        await this.tree.delete(tx, level, node.id);
        return {
          activity: {
            action: `${level}.delete`,
            entityType: level,
            entityId: node.id,
            before: node,
            summary: `${actor.name} deleted ${level} '${node.name}'${CHILDREN_WORDS[level]}`,
          },
        };
      },
    );
  }

  /** Puts the children of one parent in a new order; the order must list each of them exactly once. */
  async reorderNodes(actor: StaffActor, level: TreeLevel, input: TreeReorder) {
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'edit', failure: failure('reorder', level, '') },
      async ({ tx, subject }) => {
        const parent = await this.parentOf(tx, level, subject, input.parentId);
        const ids = await this.tree.childIds(tx, level, parent.id);
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
        for (const [position, id] of order.entries()) await this.tree.setPosition(tx, level, id, position);
        const of = level === 'unit' ? '' : ` of ${PARENT_LABEL[level]} '${parent.name}'`;
        return {
          activity: {
            action: `${level}.reorder`,
            entityType: PARENT_LABEL[level],
            entityId: parent.id,
            before: ids,
            after: order,
            summary: `${actor.name} reordered the ${level}s${of}`,
          },
        };
      },
    );
  }

  /** Attaches a transcoded video of the same subject to a subtopic, or removes its video (`videoDetails: null`). */
  async attachVideo(
    actor: StaffActor,
    input: {
      subjectId: string;
      version: number;
      unitId: string;
      topicId: string;
      subTopicId: string;
      videoDetails: { videoId: string } | null;
    },
  ) {
    return this.subjects.change(
      actor,
      input.subjectId,
      input.version,
      { need: 'attach', failure: { key: 'attachVideoFailed', values: { subTopicName: '' } } },
      async ({ tx, failureValues }) => {
        const sub = await this.tree.subtopicAt(tx, {
          subjectId: input.subjectId,
          unitId: input.unitId,
          topicId: input.topicId,
          subtopicId: input.subTopicId,
        });
        if (!sub) throw AppError.of(404, 'notFound', { what: 'that subtopic' });
        failureValues.subTopicName = sub.name;
        let videoName: string | null = null;
        if (input.videoDetails) {
          const video = await this.tree.video(tx, input.videoDetails.videoId);
          if (!video) throw AppError.of(404, 'notFound', { what: 'that video' });
          if (video.subjectId !== input.subjectId) {
            // Only someone who may see the video's own subject learns that it is there (DESIGN §5).
            if (!video.subjectId || !(await this.subjects.canView(tx, actor, video.subjectId))) {
              throw AppError.of(404, 'notFound', { what: 'that video' });
            }
            throw AppError.of(409, 'attachWrongSubject', { subTopicName: sub.name });
          }
          if (video.transcodingStatus !== 'COMPLETE')
            throw AppError.of(409, 'attachNotTranscoded', { subTopicName: sub.name });
          videoName = video.name;
        }
        const videoId = input.videoDetails?.videoId ?? null;
        await this.tree.setVideo(tx, sub.id, videoId);
        return {
          activity: {
            action: input.videoDetails ? 'subtopic.attachVideo' : 'subtopic.detachVideo',
            entityType: 'subtopic',
            entityId: sub.id,
            before: { videoId: sub.videoId },
            after: { videoId },
            summary: videoName
              ? `${actor.name} attached '${videoName}' to '${sub.name}'`
              : `${actor.name} removed the video from '${sub.name}'`,
          },
        };
      },
    );
  }
}
