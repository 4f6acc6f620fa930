import { hasPermission } from '../permissions';
import type { ListingGroup, SubjectState } from './subjects.schemas';

/** The listing group of DESIGN §6: the state, and for IN_PROGRESS whether people and units exist yet. */
export function listingGroup(state: SubjectState, hasContentDeveloper: boolean, unitCount: number): ListingGroup {
  if (state !== 'IN_PROGRESS') return state;
  if (!hasContentDeveloper) return 'UNASSIGNED';
  if (unitCount === 0) return 'NEWLY_ASSIGNED';
  return 'IN_PROGRESS';
}

/** States in which the tree cannot be edited: the subject is under review. */
export const LOCKED_STATES: readonly SubjectState[] = ['FINISHED', 'READY_TO_BE_PUBLISHED'];

/** The workflow moves of DESIGN §6: where each action may start and where it leads. */
export const SUBJECT_TRANSITIONS = {
  sendForReview: { from: ['IN_PROGRESS'], to: 'FINISHED' },
  approve: { from: ['FINISHED'], to: 'READY_TO_BE_PUBLISHED' },
  publish: { from: ['READY_TO_BE_PUBLISHED'], to: 'PUBLISHED' },
  revert: { from: ['FINISHED', 'READY_TO_BE_PUBLISHED'], to: 'IN_PROGRESS' },
} as const satisfies Record<string, { from: readonly SubjectState[]; to: SubjectState }>;

export interface SubjectPeople {
  contentAdminId: string | null;
  contentDeveloperIds: readonly string[];
  contentUploaderIds: readonly string[];
}

export interface SubjectAccess {
  view: boolean;
  /** units, topics, subtopics; send for review */
  edit: boolean;
  /** attach videos, upload */
  attach: boolean;
  /** create, delete, assign people, change details */
  manage: boolean;
  rename: boolean;
  review: boolean;
}

/**
 * What a user may do with one subject (DESIGN §5): developers and uploaders only on subjects they
 * are assigned to; only the subject's content admin or a SUPER_ADMIN renames.
 */
export function subjectAccess(
  caller: { userId: string; roles: readonly string[] },
  people: SubjectPeople,
): SubjectAccess {
  const { roles, userId } = caller;
  const superAdmin = roles.includes('SUPER_ADMIN');
  const admin = superAdmin || roles.includes('CONTENT_ADMIN');
  const developer = roles.includes('CONTENT_DEVELOPER') && people.contentDeveloperIds.includes(userId);
  const uploader = roles.includes('CONTENT_UPLOADER') && people.contentUploaderIds.includes(userId);
  return {
    view: admin || developer || uploader,
    edit: admin || developer,
    attach: admin || developer || uploader,
    manage: hasPermission(roles, 'subjectManage'),
    rename: superAdmin || (roles.includes('CONTENT_ADMIN') && people.contentAdminId === userId),
    review: hasPermission(roles, 'subjectReview'),
  };
}
