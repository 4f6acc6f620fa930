import { TranscodingStatusSchema, type ExplorerVideo, type VideoFile } from '@lectern/contract';
import type { PlacedVideo, VideoRow } from './videos.repository';

/** A video file as every list shows it (spec 1 §3). */
export function toVideoFile(v: VideoRow): VideoFile {
  return {
    Name: v.name,
    Id: v.storageKey,
    Length: v.size,
    endpoints: (v.endpoints as string[]) ?? [],
    videoDurationInSecond: v.durationSeconds,
    transcodingStatus: TranscodingStatusSchema.catch('NOT_STARTED').parse(v.transcodingStatus),
    catalogueId: v.catalogueId,
    videoId: v.id,
    subjectId: v.subjectId,
    jobId: v.jobId,
    uploadedBy: v.uploadedBy,
    uploadedAt: v.uploadedAt.toISOString(),
  };
}

/** A video as the file explorer lists it, with its unit and topic. */
export function toExplorerVideo(row: PlacedVideo): ExplorerVideo {
  return { ...toVideoFile(row.video), unitId: row.unitId, topicId: row.topicId };
}

/** A preview video: one of a catalogue's, not a subject's. */
export function isPreviewVideo(v: VideoRow): boolean {
  return v.catalogueId !== null && v.subjectId === null;
}
