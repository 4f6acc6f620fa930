import {
  UPLOAD_MESSAGES,
  VIDEO_TARGET_KINDS,
  hasPermission,
  resourceType,
  type PermissionArea,
  type ResourceTypeKey,
  type UploadKind,
  type UploadTarget,
} from '@lectern/contract';
import { AppError, failWith } from '../../lib/app-error';
import type { Storage } from '../../storage';
import { previewFolder, resourceFolder, subjectFolder } from '../../storage/object-keys';
import type { Caller, UploadTargets } from '../files';
import type { UploadRow } from './uploads.repository';

const fail = failWith(UPLOAD_MESSAGES);

/** Who may upload to a resource type's folder, where it is not the publisher's. */
const RESOURCE_AREAS: Partial<Record<ResourceTypeKey, PermissionArea>> = {
  'live-class-thumbnail': 'liveClasses',
  'student-update-image': 'studentUpdates',
};

/** Where an upload goes, resolved and checked: bucket, folder, the kinds it takes, how names are built. */
export interface ResolvedTarget {
  targetType: string;
  subjectId: string | null;
  unitId: string | null;
  topicId: string | null;
  catalogueId: string | null;
  bucket: string;
  folder: string;
  kinds: readonly UploadKind[];
  /** how messages name the place */
  label: string;
  naming: 'video' | 'picker';
}

/** Resolves a target and checks the caller may upload there (403 otherwise). */
export async function resolveUploadTarget(
  storage: Storage,
  files: UploadTargets,
  caller: Caller,
  target: UploadTarget,
): Promise<ResolvedTarget> {
  switch (target.type) {
    case 'subject': {
      const { subject, access } = await files.subjectAccess(caller, target.subjectId);
      if (!access.attach) throw AppError.of(403, 'unauthorized');
      if (target.unitId && !(await files.unit(subject.id, target.unitId))) throw fail(404, 'unitNotInSubject');
      if (target.topicId) {
        const topic = await files.topic(subject.id, target.topicId);
        if (!topic || (target.unitId && topic.unitId !== target.unitId)) throw fail(404, 'topicNotInUnit');
      }
      return {
        targetType: 'subject',
        subjectId: subject.id,
        unitId: target.unitId ?? null,
        topicId: target.topicId ?? null,
        catalogueId: null,
        bucket: storage.videosBucket,
        folder: subjectFolder(subject.id),
        kinds: VIDEO_TARGET_KINDS,
        label: `'${subject.name}'`,
        naming: 'video',
      };
    }
    case 'preview-video':
      if (!hasPermission(caller.roles, 'publisher')) throw AppError.of(403, 'unauthorized');
      return {
        targetType: 'preview-video',
        subjectId: null,
        unitId: null,
        topicId: null,
        catalogueId: target.catalogueId,
        bucket: storage.videosBucket,
        folder: previewFolder(target.catalogueId),
        kinds: VIDEO_TARGET_KINDS,
        label: 'the preview videos',
        naming: 'video',
      };
    case 'resource': {
      const type = resourceType(target.resourceType);
      const area = RESOURCE_AREAS[type.key] ?? 'publisher';
      if (!hasPermission(caller.roles, area)) throw AppError.of(403, 'unauthorized');
      return {
        targetType: type.key,
        subjectId: null,
        unitId: null,
        topicId: null,
        catalogueId: null,
        bucket: storage.bucketOf(type.key),
        folder: resourceFolder(type.key),
        kinds: type.kinds,
        label: `the ${type.label.toLowerCase()} folder`,
        naming: 'picker',
      };
    }
  }
}

/** The target an existing upload was started for (checked again on each step: an assignment may have ended). */
export function targetOfUpload(upload: UploadRow): UploadTarget {
  const target: UploadTarget =
    upload.targetType === 'subject'
      ? { type: 'subject', subjectId: upload.subjectId ?? '' }
      : upload.targetType === 'preview-video'
        ? { type: 'preview-video', catalogueId: upload.catalogueId ?? '' }
        : { type: 'resource', resourceType: upload.targetType as never };
  return target;
}
