import {
  LIVE_CLASS_GRACE_MINUTES,
  classSpan,
  liveClassStatusAt,
  type LiveClass,
  type MeetingProvider,
} from '@lectern/contract';
import type { Db } from '../../db/client';
import type { LiveClassPlayback } from './live-class-playback';
import { fail } from './live-classes.errors';
import type { LiveClassesRepository, LiveClassRecord, LiveClassRow } from './live-classes.repository';

/** The status a class has now: one not ended by its provider ends at its scheduled end plus the grace period. */
export function effectiveStatus(row: Pick<LiveClassRow, 'status' | 'startTime' | 'durationMinutes'>, now = Date.now()) {
  return liveClassStatusAt(row, now);
}

/** One class as answered (after a change, or a read), from the database in `db`; 404 when it is not there. */
export async function readLiveClass(
  repo: LiveClassesRepository,
  playback: LiveClassPlayback,
  liveClassId: string,
  db?: Db,
): Promise<LiveClass> {
  const [record] = await repo.records([liveClassId], db);
  if (!record) throw fail(404, 'notFound', { liveClassId });
  return toLiveClass(record, playback);
}

/** The answer of a class: never its start address; the recording's playback only while shown. */
export function toLiveClass(r: LiveClassRecord, playback: LiveClassPlayback, now = Date.now()): LiveClass {
  const row = r.row;
  const span = classSpan(row.startTime, row.durationMinutes);
  return {
    liveClassId: row.id,
    title: row.title,
    description: row.description,
    classRoomType: row.classRoomType as LiveClass['classRoomType'],
    batches: r.batches,
    groups: r.groups,
    subjectId: row.subjectId ?? '',
    subjectName: r.subjectName ?? '',
    chapterId: row.chapterId,
    chapterName: r.chapterName,
    teacherId: row.teacherId ?? '',
    teacherName: r.teacherName ?? row.instructorName ?? '',
    meetingAccountId: row.meetingAccountId,
    meetingAccountName: r.account?.name ?? null,
    provider: (r.account?.provider as MeetingProvider | undefined) ?? null,
    meetingId: row.meetingId,
    joinUrl: row.classRoomType === 'offline' ? null : row.joinUrl,
    startTime: row.startTime.toISOString(),
    durationMinutes: row.durationMinutes,
    endTime: new Date(span.end).toISOString(),
    thumbnailUrl: row.thumbnailUrl,
    enabled: row.enabled,
    status: effectiveStatus(row, now),
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt:
      row.endedAt?.toISOString() ??
      (effectiveStatus(row, now) === 'ENDED'
        ? new Date(span.end + LIVE_CLASS_GRACE_MINUTES * 60_000).toISOString()
        : null),
    presentSharePercent: row.presentSharePercent,
    invitedCount: r.invitedCount,
    recording: r.recording
      ? {
          videoId: r.recording.videoId,
          videoName: r.recording.videoName,
          transcodingStatus: r.recording.transcodingStatus,
          playbackUrl: row.enabled ? playback.url(row.id, r.recording) : null,
          durationSeconds: r.recording.durationSeconds || null,
          attachedAt: r.recording.attachedAt.toISOString(),
          attachedBy: r.recording.attachedBy,
        }
      : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
