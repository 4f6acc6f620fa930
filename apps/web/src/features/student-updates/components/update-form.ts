import {
  CreateStudentUpdateBodySchema,
  STUDENT_UPDATE_MESSAGES,
  fillMessage,
  nextUpdateState,
  scheduleProblem,
  type ChangeStudentUpdateBody,
  type CreateStudentUpdateBody,
  type PlayableVideo,
  type StudentUpdate,
  type StudentUpdateAction,
  type StudentUpdateAudienceKind,
  type StudentUpdateState,
  type StudentUpdateType,
} from '@lectern/contract';
import { AUDIENCE_SINGULAR } from './update-display';

/** How a save goes: keep it a draft, schedule it, or publish it now (withdraw is the list's own action). */
export type SaveAction = Exclude<StudentUpdateAction, 'WITHDRAW'>;

/** The video an update plays, as the preview and the drawer show it. */
export type ChosenVideo = Pick<PlayableVideo, 'videoId' | 'videoName' | 'thumbnail'>;

/** The drawer's form as typed. */
export interface UpdateFormValues {
  title: string;
  /** HTML from the rich-text editor ('' when empty) */
  body: string;
  /** the picked image's address, or '' */
  imageUrl: string;
  video: ChosenVideo | null;
  audienceKind: StudentUpdateAudienceKind;
  /** the chosen catalogues, batches or groups (by id) */
  audienceIds: string[];
  action: SaveAction;
  /** India time as the date-time input gives it: 'YYYY-MM-DDTHH:mm', or '' */
  publishAt: string;
}

export type UpdateFormField = keyof UpdateFormValues;

/** The drawer's names of the fields, for the list of what someone else changed (the save's action is mine). */
export const UPDATE_FIELD_LABELS: Partial<Record<UpdateFormField, string>> = {
  title: 'Title',
  body: 'Text',
  imageUrl: 'Image',
  video: 'Video',
  audienceKind: 'Audience',
  audienceIds: 'Audience',
  publishAt: 'Publish at (India time)',
};
export type UpdateFormIssues = Partial<Record<UpdateFormField, string>>;

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as the India date-time input shows it: 'YYYY-MM-DDTHH:mm'. */
export function toIndiaInput(value: string | number | Date): string {
  return new Date(new Date(value).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** The India date-time input's value as ISO with its offset ('2026-12-01T10:00:00+05:30'), or null. */
export function fromIndiaInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const iso = `${value}:00+05:30`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** The save actions nextUpdateState allows from `state` (null: a new update), in the drawer's order. */
export function allowedActions(state: StudentUpdateState | null): SaveAction[] {
  return (['DRAFT', 'SCHEDULE', 'PUBLISH'] as const).filter((action) => 'state' in nextUpdateState(state, action));
}

/** The action a drawer starts with: what the update is now, where that is still allowed. */
function defaultAction(update: StudentUpdate | null): SaveAction {
  if (!update) return 'DRAFT';
  if (update.state === 'SCHEDULED') return 'SCHEDULE';
  if (update.state === 'PUBLISHED') return 'PUBLISH';
  return 'DRAFT';
}

export function emptyUpdateForm(): UpdateFormValues {
  return {
    title: '',
    body: '',
    imageUrl: '',
    video: null,
    audienceKind: 'EVERYONE',
    audienceIds: [],
    action: 'DRAFT',
    publishAt: '',
  };
}

/** An update as the form shows it. */
export function updateFormValues(update: StudentUpdate): UpdateFormValues {
  return {
    title: update.title,
    body: update.body,
    imageUrl: update.imageUrl ?? '',
    video: update.videoId
      ? { videoId: update.videoId, videoName: update.videoName ?? '', thumbnail: update.videoThumbnail }
      : null,
    audienceKind: update.audience.kind,
    audienceIds: update.audience.targets.map((target) => target.id),
    action: defaultAction(update),
    publishAt: update.state === 'SCHEDULED' && update.publishAt ? toIndiaInput(update.publishAt) : '',
  };
}

const FIELD_OF: Record<string, UpdateFormField> = {
  title: 'title',
  body: 'body',
  imageUrl: 'imageUrl',
  videoId: 'video',
  audience: 'audienceIds',
  action: 'action',
  publishAt: 'publishAt',
};

/**
 * The body createupdate takes, checked by the contract's schema and rules (a title, an image or a
 * video, an audience unless everyone, a schedule between a minute and a year ahead, only an action
 * the state allows), or what is wrong, by field.
 */
export function updateBody(
  values: UpdateFormValues,
  updateType: StudentUpdateType,
  state: StudentUpdateState | null,
  now: Date = new Date(),
): { body: CreateStudentUpdateBody; issues: null } | { body: null; issues: UpdateFormIssues } {
  const issues: UpdateFormIssues = {};
  const publishAt = values.action === 'SCHEDULE' ? fromIndiaInput(values.publishAt) : null;
  if (values.action === 'SCHEDULE') {
    const problem = scheduleProblem(publishAt, now);
    if (problem) issues.publishAt = problem;
  }
  const next = nextUpdateState(state, values.action);
  if ('error' in next) issues.action = next.error;
  if (values.audienceKind !== 'EVERYONE' && values.audienceIds.length === 0) {
    issues.audienceIds = fillMessage(STUDENT_UPDATE_MESSAGES.needsAudience, {
      what: AUDIENCE_SINGULAR[values.audienceKind],
    });
  }
  if (values.imageUrl && values.video) issues.video = STUDENT_UPDATE_MESSAGES.imageOrVideo;

  const body: CreateStudentUpdateBody = {
    updateType,
    title: values.title,
    body: values.body,
    imageUrl: values.imageUrl || null,
    videoId: values.video?.videoId ?? null,
    audience: { kind: values.audienceKind, ids: values.audienceKind === 'EVERYONE' ? [] : values.audienceIds },
    action: values.action,
    publishAt,
  };
  const parsed = CreateStudentUpdateBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && issues[field] === undefined) issues[field] = issue.message;
    }
  }
  return Object.keys(issues).length > 0 ? { body: null, issues } : { body, issues: null };
}

/** changeupdate's body taking `update` down as it is (WITHDRAW keeps every field). */
export function withdrawBody(update: StudentUpdate): ChangeStudentUpdateBody {
  return {
    updateId: update.updateId,
    version: update.version,
    title: update.title,
    body: update.body,
    imageUrl: update.imageUrl,
    videoId: update.videoId,
    audience: { kind: update.audience.kind, ids: update.audience.targets.map((target) => target.id) },
    action: 'WITHDRAW',
    publishAt: null,
  };
}
