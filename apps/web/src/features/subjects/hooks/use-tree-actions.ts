import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SubjectDetail, Topic, Unit } from '@lectern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { useSubjectEdit } from '../api/subject-mutations';

/** Swallows a rejection the mutation cache has already shown (fire-and-forget actions). */
export function quietly(promise: Promise<unknown>): void {
  promise.catch(() => undefined);
}

function moveUnits(subject: SubjectDetail, unitIds: readonly string[]): SubjectDetail {
  const byId = new Map(subject.units.map((unit) => [unit.unitId, unit]));
  return { ...subject, units: unitIds.flatMap((id) => byId.get(id) ?? []) };
}

function mapUnit(subject: SubjectDetail, unitId: string, change: (unit: Unit) => Unit): SubjectDetail {
  return { ...subject, units: subject.units.map((unit) => (unit.unitId === unitId ? change(unit) : unit)) };
}

function mapTopic(subject: SubjectDetail, topicId: string, change: (topic: Topic) => Topic): SubjectDetail {
  return {
    ...subject,
    units: subject.units.map((unit) =>
      unit.topics.some((topic) => topic.topicId === topicId)
        ? { ...unit, topics: unit.topics.map((topic) => (topic.topicId === topicId ? change(topic) : topic)) }
        : unit,
    ),
  };
}

function ordered<T>(items: readonly T[], ids: readonly string[], idOf: (item: T) => string): T[] {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Every change to a subject's tree, each sending the subject's current `version` (read from the
 * cache at the moment of the call, so a reload after a conflict is picked up). Each returns the
 * mutation's promise: inputs and editable cells keep the typed text when it rejects.
 */
export function useTreeActions(subjectId: string) {
  const queryClient = useQueryClient();
  const edit = { subjectId };
  const createUnit = useSubjectEdit('createUnit', edit).mutateAsync;
  const updateUnit = useSubjectEdit('updateUnit', edit).mutateAsync;
  const deleteUnit = useSubjectEdit('deleteUnit', edit).mutateAsync;
  const reorderUnits = useSubjectEdit('reorderUnits', edit).mutateAsync;
  const createTopic = useSubjectEdit('createTopic', edit).mutateAsync;
  const updateTopic = useSubjectEdit('updateTopic', edit).mutateAsync;
  const deleteTopic = useSubjectEdit('deleteTopic', edit).mutateAsync;
  const reorderTopics = useSubjectEdit('reorderTopics', edit).mutateAsync;
  const createSubtopic = useSubjectEdit('createSubtopic', edit).mutateAsync;
  const updateSubtopic = useSubjectEdit('updateSubtopic', edit).mutateAsync;
  const deleteSubtopic = useSubjectEdit('deleteSubtopic', edit).mutateAsync;
  const reorderSubtopics = useSubjectEdit('reorderSubtopics', edit).mutateAsync;
  const attachVideo = useSubjectEdit('attachVideo', edit).mutateAsync;

  return useMemo(() => {
    const key = queryKeys.subject(subjectId);
    const current = () => queryClient.getQueryData<SubjectDetail>(key);
    const version = () => current()?.version ?? 0;

    /** Shows a new order at once; the server's answer (or a reload after a failure) settles it. */
    async function optimistic<T>(change: (subject: SubjectDetail) => SubjectDetail, save: () => Promise<T>) {
      const before = current();
      if (before) queryClient.setQueryData(key, change(before));
      try {
        return await save();
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: key });
        throw error;
      }
    }

    return {
      addUnit: (unitName: string) => createUnit({ body: { subjectId, version: version(), unitName } }),
      updateUnit: (unitId: string, change: { unitName?: string; active?: boolean; trial?: boolean }) =>
        updateUnit({ body: { subjectId, version: version(), unitId, ...change } }),
      deleteUnit: (unitId: string) => deleteUnit({ body: { subjectId, version: version(), unitId } }),
      reorderUnits: (unitIds: string[]) =>
        optimistic(
          (subject) => moveUnits(subject, unitIds),
          () => reorderUnits({ body: { subjectId, version: version(), unitIds } }),
        ),

      addTopic: (unitId: string, topicName: string) =>
        createTopic({ body: { subjectId, version: version(), unitId, topicName } }),
      updateTopic: (topicId: string, change: { topicName?: string; active?: boolean; trial?: boolean }) =>
        updateTopic({ body: { subjectId, version: version(), topicId, ...change } }),
      deleteTopic: (topicId: string) => deleteTopic({ body: { subjectId, version: version(), topicId } }),
      reorderTopics: (unitId: string, topicIds: string[]) =>
        optimistic(
          (subject) =>
            mapUnit(subject, unitId, (unit) => ({ ...unit, topics: ordered(unit.topics, topicIds, (t) => t.topicId) })),
          () => reorderTopics({ body: { subjectId, version: version(), unitId, topicIds } }),
        ),

      addSubtopic: (topicId: string, subTopicName: string) =>
        createSubtopic({ body: { subjectId, version: version(), topicId, subTopicName } }),
      updateSubtopic: (subtopicId: string, change: { subTopicName?: string; active?: boolean; trial?: boolean }) =>
        updateSubtopic({ body: { subjectId, version: version(), subtopicId, ...change } }),
      deleteSubtopic: (subtopicId: string) => deleteSubtopic({ body: { subjectId, version: version(), subtopicId } }),
      reorderSubtopics: (topicId: string, subtopicIds: string[]) =>
        optimistic(
          (subject) =>
            mapTopic(subject, topicId, (topic) => ({
              ...topic,
              contents: ordered(topic.contents, subtopicIds, (c) => c.subTopic.subtopicId),
            })),
          () => reorderSubtopics({ body: { subjectId, version: version(), topicId, subtopicIds } }),
        ),

      /** Attaches a video to a subtopic, or removes it with `videoId` null. */
      attachVideo: (where: { unitId: string; topicId: string; subTopicId: string }, videoId: string | null) =>
        attachVideo({ body: { subjectId, version: version(), ...where, videoDetails: videoId ? { videoId } : null } }),
    };
  }, [
    queryClient,
    subjectId,
    createUnit,
    updateUnit,
    deleteUnit,
    reorderUnits,
    createTopic,
    updateTopic,
    deleteTopic,
    reorderTopics,
    createSubtopic,
    updateSubtopic,
    deleteSubtopic,
    reorderSubtopics,
    attachVideo,
  ]);
}

export type TreeActions = ReturnType<typeof useTreeActions>;
