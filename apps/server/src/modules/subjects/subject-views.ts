import { SubjectStateSchema, listingGroup, type SubjectDetail, type SubjectListItem } from '@lectern/contract';
import type { Viewer } from '../../lib/routing';
import type { ListingRow, SubjectPeopleRow, SubjectRow } from './subjects.repository';

// How a subject reads in the listing and the detail: its state's group, the caller's part in it.

/** The ids subjectAccess decides by. */
export function peopleIds(subject: SubjectRow, people: SubjectPeopleRow | undefined) {
  return {
    contentAdminId: subject.contentAdminId,
    contentDeveloperIds: people?.contentDevelopers.map((p) => p.userId) ?? [],
    contentUploaderIds: people?.contentUploaders.map((p) => p.userId) ?? [],
  };
}

/** The caller's part in a subject, for the listing's `role`. */
function callerRole(caller: Viewer, subject: SubjectRow, people: SubjectPeopleRow | undefined): string | null {
  if (caller.roles.includes('SUPER_ADMIN')) return 'SUPER_ADMIN';
  if (subject.contentAdminId === caller.userId) return 'CONTENT_ADMIN';
  if (people?.contentDevelopers.some((p) => p.userId === caller.userId)) return 'CONTENT_DEVELOPER';
  if (people?.contentUploaders.some((p) => p.userId === caller.userId)) return 'CONTENT_UPLOADER';
  if (caller.roles.includes('CONTENT_ADMIN')) return 'CONTENT_ADMIN';
  return null;
}

/** What the listing and the detail both answer of a subject, as the caller sees it. */
export function subjectCore(
  caller: Viewer,
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

/** A row of the subjects listing. */
export function subjectListItem(
  caller: Viewer,
  row: ListingRow,
  people: SubjectPeopleRow | undefined,
): SubjectListItem {
  return {
    ...subjectCore(caller, row.subject, people, row.unitCount, row.activityMessage, row.activityAt),
    unitCount: row.unitCount,
    topicCount: row.topicCount,
    subTopicCount: row.subTopicCount,
    duration: row.duration,
    contentAdmin: people?.contentAdmin ?? null,
    contentDevelopers: people?.contentDevelopers ?? [],
  };
}
