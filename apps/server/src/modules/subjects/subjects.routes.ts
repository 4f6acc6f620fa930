import type { FastifyInstance } from 'fastify';
import {
  LISTING_GROUPS,
  MESSAGES,
  contract,
  fillMessage,
  type ListingGroup,
  type SubjectState,
} from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { SubjectReviewService } from './subject-review.service';
import { SubjectTreeService } from './subject-tree.service';
import { SubjectsRepository } from './subjects.repository';
import { SubjectsService } from './subjects.service';

export function subjectsRoutes(app: FastifyInstance, deps: AppDeps): SubjectsService {
  const service = new SubjectsService(deps.database, app.log);
  const review = new SubjectReviewService(service, new SubjectsRepository(deps.database));
  const tree = new SubjectTreeService(service);
  const ok = (detail: Awaited<ReturnType<SubjectsService['detail']>>, message?: string) => ({ data: detail, message });
  registerDomain(app, deps, contract.subjects, {
    all: async ({ auth }) => ({ data: await service.list(auth) }),
    mine: async ({ auth }) => ({ data: await service.list(auth, { mine: true }) }),
    inProgress: async ({ auth }) => ({ data: await service.list(auth, { states: ['IN_PROGRESS'] }) }),
    finished: async ({ auth }) => ({ data: await service.list(auth, { states: ['FINISHED'] }) }),
    byStatus: async ({ auth, params }) => {
      const group = (LISTING_GROUPS as readonly string[]).includes(params.status)
        ? (params.status as ListingGroup)
        : undefined;
      const states = group ? undefined : [params.status as SubjectState];
      return { data: await service.list(auth, { group, states }) };
    },
    byId: async ({ auth, params }) => ({ data: await service.detail(auth, params.subjectid) }),
    assignees: async ({ auth, params }) => ({ data: (await service.detail(auth, params.subjectid)).assignees }),
    byUser: async ({ auth, params }) => ({ data: await service.list(auth, { assignedTo: params.userid }) }),
    units: async ({ auth, params }) => ({ data: (await service.detail(auth, params.subjectId)).units }),
    create: async ({ auth, body }) => {
      const detail = await service.create(auth, body);
      return {
        data: detail,
        status: 201,
        message: fillMessage(MESSAGES.subjectCreated, { subjectName: detail.subjectName }),
      };
    },
    update: async ({ auth, body }) => {
      const detail = await service.update(auth, body);
      return ok(detail, fillMessage(MESSAGES.subjectUpdated, { subjectName: detail.subjectName }));
    },
    delete: async ({ auth, body }) => {
      const deleted = await service.delete(auth, body.subjectIds);
      return { data: { deleted }, message: fillMessage(MESSAGES.subjectsDeleted, { count: deleted.length }) };
    },
    sendForReview: async ({ auth, params, body }) => {
      const detail = await review.sendForReview(auth, params.userId, body);
      return ok(detail, fillMessage(MESSAGES.sentForReview, { subjectName: detail.subjectName }));
    },
    approve: async ({ auth, params, body }) => {
      const detail = await review.approve(auth, params.userId, body);
      const key = detail.subjectState === 'PUBLISHED' ? 'subjectPublished' : 'subjectApproved';
      return ok(detail, fillMessage(MESSAGES[key], { subjectName: detail.subjectName }));
    },
    revert: async ({ auth, params, body }) => {
      const detail = await review.revert(auth, params.subjectId, body);
      return ok(detail, fillMessage(MESSAGES.subjectReverted, { subjectName: detail.subjectName }));
    },
    changeAssignee: async ({ auth, body }) => ({ data: await service.changeAssignee(auth, body) }),
    attachVideo: async ({ auth, body }) => {
      const detail = await tree.attachVideo(auth, body);
      const sub = detail.units
        .flatMap((u) => u.topics.flatMap((t) => t.contents))
        .find((c) => c.subTopic.subtopicId === body.subTopicId);
      const name = sub?.subTopic.subTopicName ?? '';
      return ok(
        detail,
        fillMessage(MESSAGES[body.videoDetails ? 'videoAttached' : 'videoDetached'], { subTopicName: name }),
      );
    },
    createUnitPost: async ({ auth, body: { unitName, ...b } }) =>
      ok(await tree.createNode(auth, 'unit', { ...b, parentId: b.subjectId, name: unitName })),
    createUnit: async ({ auth, body: { unitName, ...b } }) =>
      ok(await tree.createNode(auth, 'unit', { ...b, parentId: b.subjectId, name: unitName })),
    updateUnit: async ({ auth, body: { unitId, unitName, ...b } }) =>
      ok(await tree.updateNode(auth, 'unit', { ...b, id: unitId, name: unitName })),
    deleteUnit: async ({ auth, body: { unitId, ...b } }) =>
      ok(await tree.deleteNode(auth, 'unit', { ...b, id: unitId })),
    reorderUnits: async ({ auth, body: { unitIds, ...b } }) =>
      ok(await tree.reorderNodes(auth, 'unit', { ...b, parentId: b.subjectId, ids: unitIds })),
    createTopic: async ({ auth, body: { unitId, topicName, ...b } }) =>
      ok(await tree.createNode(auth, 'topic', { ...b, parentId: unitId, name: topicName })),
    updateTopic: async ({ auth, body: { topicId, topicName, ...b } }) =>
      ok(await tree.updateNode(auth, 'topic', { ...b, id: topicId, name: topicName })),
    deleteTopic: async ({ auth, body: { topicId, ...b } }) =>
      ok(await tree.deleteNode(auth, 'topic', { ...b, id: topicId })),
    reorderTopics: async ({ auth, body: { unitId, topicIds, ...b } }) =>
      ok(await tree.reorderNodes(auth, 'topic', { ...b, parentId: unitId, ids: topicIds })),
    createSubtopic: async ({ auth, body: { topicId, subTopicName, ...b } }) =>
      ok(await tree.createNode(auth, 'subtopic', { ...b, parentId: topicId, name: subTopicName })),
    updateSubtopic: async ({ auth, body: { subtopicId, subTopicName, ...b } }) =>
      ok(await tree.updateNode(auth, 'subtopic', { ...b, id: subtopicId, name: subTopicName })),
    deleteSubtopic: async ({ auth, body: { subtopicId, ...b } }) =>
      ok(await tree.deleteNode(auth, 'subtopic', { ...b, id: subtopicId })),
    reorderSubtopics: async ({ auth, body: { topicId, subtopicIds, ...b } }) =>
      ok(await tree.reorderNodes(auth, 'subtopic', { ...b, parentId: topicId, ids: subtopicIds })),
  });
  return service;
}
