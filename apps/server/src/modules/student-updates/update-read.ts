import {
  indianDate,
  type StudentUpdate,
  type StudentUpdateAudienceKind,
  type StudentUpdateState,
  type StudentUpdateType,
} from '@lectern/contract';
import type { StudentUpdateRow, StudentUpdatesRepository } from './student-updates.repository';
import type { UpdatePlayback } from './update-playback';

/** Rows as the contract answers them: audience with names and its students now, the video's addresses. */
export async function readUpdates(
  repo: StudentUpdatesRepository,
  playback: UpdatePlayback,
  rows: StudentUpdateRow[],
): Promise<StudentUpdate[]> {
  const ids = rows.map((r) => r.id);
  const videoIds = [...new Set(rows.map((r) => r.videoId).filter((v): v is string => v !== null))];
  const [targets, counts, videoRows] = await Promise.all([
    repo.targets(ids),
    repo.studentCounts(ids, indianDate()),
    repo.videos(videoIds),
  ]);
  const now = Date.now();
  const videos = new Map(videoRows.map((v) => [v.id, playback.playable(v, now)]));
  return rows.map((r) => {
    const video = r.videoId ? (videos.get(r.videoId) ?? null) : null;
    const kind = r.audienceKind as StudentUpdateAudienceKind;
    return {
      updateId: r.id,
      updateType: r.updateType as StudentUpdateType,
      title: r.title,
      body: r.body,
      imageUrl: r.imageUrl,
      videoId: video?.videoId ?? null,
      videoName: video?.videoName ?? null,
      videoUrl: video ? video.videoUrl || null : null,
      videoThumbnail: video?.thumbnail ?? null,
      audience: {
        kind,
        targets: kind === 'EVERYONE' ? [] : (targets.get(r.id) ?? []),
        studentCount: kind === 'EVERYONE' ? counts.everyone : (counts.byUpdate.get(r.id) ?? 0),
      },
      state: r.state as StudentUpdateState,
      publishAt: r.publishAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
      createdBy: r.createdByName,
      createdAt: r.createdAt.toISOString(),
      updatedBy: r.updatedByName,
      updatedAt: r.updatedAt.toISOString(),
      version: r.version,
    };
  });
}
