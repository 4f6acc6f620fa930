import { useMemo } from 'react';
import { LOCKED_STATES, MESSAGES, fillMessage, subjectAccess, type SubjectDetail } from '@lectern/contract';
import { useSession } from '../../../lib/session';

export interface SubjectPermissions {
  /** manage people and details (SUPER_ADMIN, CONTENT_ADMIN) */
  manage: boolean;
  /** rename: the subject's content admin or a SUPER_ADMIN */
  rename: boolean;
  /** the subject is under review (FINISHED or READY_TO_BE_PUBLISHED) */
  locked: boolean;
  /** may change units, topics and subtopics now */
  editTree: boolean;
  /** may attach and remove videos now */
  attach: boolean;
  /** may send the subject for review now */
  sendForReview: boolean;
  /** why the tree cannot be edited, or null when it can */
  editBlockedReason: string | null;
}

const NOTHING: SubjectPermissions = {
  manage: false,
  rename: false,
  locked: false,
  editTree: false,
  attach: false,
  sendForReview: false,
  editBlockedReason: null,
};

export const VIEW_ONLY_REASON =
  'You can view this subject. Only its content admin and content developers can change its units, topics and sub-topics.';
export const UPLOADER_REASON =
  'You can view this subject and attach videos to its sub-topics. Only its content admin and content developers can change its units, topics and sub-topics.';

/**
 * What the signed-in user may do with one subject now: the contract's subjectAccess for their
 * roles and assignment, narrowed by the review lock (the server enforces the same rules).
 */
export function useSubjectPermissions(subject: SubjectDetail | undefined): SubjectPermissions {
  const session = useSession();
  return useMemo(() => {
    if (!subject || !session) return NOTHING;
    const access = subjectAccess(
      { userId: session.user.userId, roles: session.roles },
      {
        contentAdminId: subject.assignees.contentAdminId,
        contentDeveloperIds: subject.assignees.contentDevelopers.map((person) => person.userId),
        contentUploaderIds: subject.assignees.contentUploaders.map((person) => person.userId),
      },
    );
    const locked = LOCKED_STATES.includes(subject.subjectState);
    const lockedReason = fillMessage(MESSAGES.subjectLocked, { subjectName: subject.subjectName });
    return {
      manage: access.manage,
      rename: access.rename,
      locked,
      editTree: access.edit && !locked,
      attach: access.attach && !locked,
      sendForReview: access.edit && subject.subjectState === 'IN_PROGRESS',
      editBlockedReason: locked
        ? lockedReason
        : access.edit
          ? null
          : access.attach
            ? UPLOADER_REASON
            : VIEW_ONLY_REASON,
    };
  }, [subject, session]);
}
