import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobRegistry, type RunningJob } from '../../jobs';
import { AppError } from '../../lib/app-error';
import { recordActivity } from '../../lib/activity.repository';
import type { Db } from '../../db/client';
import type { Meetings } from '../../meetings/meetings';
import { fetchZoomRecording, isZoomDownloadUrl, zoomOrigins } from '../../meetings/zoom';
import { ZOOM_EVENT_KEEP_MS, verifyZoomSignature, zoomEventKey, zoomUrlValidation } from '../../meetings/zoom-webhook';
import { NonceRepository } from '../../plugins/nonce.repository';
import type { Storage } from '../../storage';
import { videoFileName } from '../../storage/object-keys';
import { storeParticipantSessions } from '../attendance';
import type { VideosRegisteredHook } from '../files';
import type { VideosStore } from '../videos';
import type { LiveClassesRepository } from './live-classes.repository';
import { effectiveStatus } from './live-class-view';
import { heldMeeting, ref } from './meetings.gateway';

/** What a queued recording download carries: the class, and Zoom's file with its download token. */
export interface ZoomRecordingPayload {
  liveClassId: string;
  meetingId: string;
  recordingFileId: string;
  downloadUrl: string;
  /** the webhook's download_token (24 hours); without it the app's access token is used */
  downloadToken: string;
  fileName: string;
  durationSeconds: number;
}

/** A cloud recording brought into storage, registered as a video, transcoded and attached to its class. */
export const zoomRecordingJob = defineJob<ZoomRecordingPayload>('zoom-recording');

/** After a Zoom meeting ends: its past participants, stored as the class's attendance sessions. */
export const zoomParticipantsJob = defineJob<{ liveClassId: string }>('zoom-participants');

/** What a webhook request carries: the event, when it happened, its object, the recording's token. */
export interface ZoomEventBody {
  event: string;
  event_ts?: unknown;
  payload: Record<string, unknown>;
  download_token?: unknown;
}

/** The parts of Zoom's recording.completed object we read. */
interface RecordingObject {
  id?: number | string;
  uuid?: string;
  topic?: string;
  duration?: number;
  recording_files?: {
    id?: string;
    file_type?: string;
    recording_type?: string;
    download_url?: string;
    status?: string;
    recording_start?: string;
    recording_end?: string;
  }[];
}

/**
 * Zoom's webhook (POST /batch/live-class/zoom/webhook) and the recording download it queues. The
 * request is answered at once (Zoom wants an answer within 3 seconds); the download is a job.
 */
export class ZoomEvents {
  private readonly now: () => number;
  private readonly fetchImpl: typeof fetch;
  /** events already applied, kept in the database so every process of a deployment sees them */
  private readonly seen: NonceRepository;

  constructor(
    private readonly db: Db,
    private readonly repo: LiveClassesRepository,
    private readonly videos: VideosStore,
    private readonly meetings: Meetings,
    private readonly storage: Storage,
    private readonly jobs: JobRegistry,
    private readonly onVideosRegistered: VideosRegisteredHook,
    private readonly log: FastifyBaseLogger,
    options: { now?: () => number; fetchImpl?: typeof fetch } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.seen = new NonceRepository(db);
  }

  /**
   * One webhook request: refused (401, nothing done) unless x-zm-signature is the HMAC of
   * `v0:{timestamp}:{raw body}` with the secret token and the timestamp is within five minutes.
   * An event already applied (Zoom's retry of it, or a replay) is acknowledged and not applied again.
   */
  async handle(
    headers: { signature: string | undefined; timestamp: string | undefined },
    rawBody: string,
    body: ZoomEventBody,
  ): Promise<{ plainToken?: string; encryptedToken?: string; received?: boolean }> {
    const secret = this.meetings.config.zoomWebhookSecret;
    if (!secret) throw AppError.of(404, 'generic');
    const now = this.now();
    if (!verifyZoomSignature(secret, headers, rawBody, now)) throw AppError.of(401, 'unauthorized');
    if (body.event === 'endpoint.url_validation') {
      const plainToken = body.payload.plainToken;
      if (typeof plainToken !== 'string' || plainToken === '') {
        throw AppError.of(400, 'validation', { details: 'payload.plainToken is required' });
      }
      return zoomUrlValidation(secret, plainToken);
    }
    const key = zoomEventKey(body);
    if (!(await this.seen.claim(key, new Date(now + ZOOM_EVENT_KEEP_MS)))) return { received: true };
    try {
      await this.apply(body, now);
    } catch (error) {
      // not applied: Zoom's retry of it must be taken
      await this.seen.release(key);
      throw error;
    }
    return { received: true };
  }

  /** One event, applied to a class on a Zoom account holding its meeting (others are not ours). */
  private async apply(body: ZoomEventBody, now: number): Promise<void> {
    const object = (body.payload.object ?? {}) as RecordingObject & { end_time?: string };
    switch (body.event) {
      case 'meeting.ended': {
        const row = object.id === undefined ? null : await this.repo.byZoomMeetingId(String(object.id));
        if (!row) return;
        // LIVE -> ENDED; an ended class keeps its end and takes the instance's participants; a class
        // not yet started stays SCHEDULED (the state machine has no SCHEDULED -> ENDED move)
        const status = effectiveStatus(row, now);
        if (status === 'SCHEDULED') {
          this.log.info({ liveClassId: row.id }, 'zoom meeting.ended for a class not started: nothing changed');
          return;
        }
        const endedAt =
          object.end_time && !Number.isNaN(Date.parse(object.end_time)) ? new Date(object.end_time) : new Date(now);
        await this.db.transaction(async (tx) => {
          await this.repo.update(tx, row.id, {
            ...(row.status === 'ENDED' ? {} : { status: 'ENDED', endedAt }),
            meetingUuid: object.uuid ?? row.meetingUuid,
          });
          await this.repo.bumpVersion(tx, row.id);
        });
        // the participants, for attendance (read by a job: Zoom may take a moment to have them)
        await this.jobs.send(zoomParticipantsJob, { liveClassId: row.id });
        return;
      }
      case 'recording.completed': {
        const row = object.id === undefined ? null : await this.repo.byZoomMeetingId(String(object.id));
        const trusted = zoomOrigins(this.meetings.config.zoom);
        const files = (object.recording_files ?? []).filter(
          (f) =>
            f.file_type === 'MP4' &&
            f.download_url &&
            isZoomDownloadUrl(f.download_url, trusted) &&
            (f.status === undefined || f.status === 'completed'),
        );
        // the speaker-and-screen view when there is one, else the first MP4
        const file = files.find((f) => f.recording_type === 'shared_screen_with_speaker_view') ?? files[0];
        if (!row || !file?.download_url) return;
        const seconds =
          file.recording_start && file.recording_end
            ? Math.max(0, (Date.parse(file.recording_end) - Date.parse(file.recording_start)) / 1000)
            : (object.duration ?? 0) * 60;
        await this.jobs.send(zoomRecordingJob, {
          liveClassId: row.id,
          meetingId: String(object.id),
          recordingFileId: file.id ?? crypto.randomUUID(),
          downloadUrl: file.download_url,
          downloadToken: typeof body.download_token === 'string' ? body.download_token : '',
          fileName: `${(object.topic ?? row.title).slice(0, 80)}.mp4`,
          durationSeconds: Number.isFinite(seconds) ? seconds : 0,
        });
        return;
      }
      default:
        return;
    }
  }

  /** Registers the download and participants job types, each with its one handler. */
  register(): void {
    const policy = { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, expireInHours: 6 };
    this.jobs.register(zoomRecordingJob, policy);
    this.jobs.handle(zoomRecordingJob, (job) => this.run(job, () => this.importRecording(job.data, job.signal)), {
      concurrency: 1,
      pollSeconds: 60,
    });
    this.jobs.register(zoomParticipantsJob, policy);
    this.jobs.handle(zoomParticipantsJob, (job) => this.run(job, () => this.importParticipants(job.data.liveClassId)), {
      concurrency: 1,
      pollSeconds: 60,
    });
  }

  private async run(job: RunningJob<{ liveClassId: string }>, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
      await job.complete();
    } catch (error) {
      this.log.warn({ err: error, liveClassId: job.data.liveClassId }, 'zoom job failed');
      await job.fail((error as Error).message);
    }
  }

  /**
   * The ended meeting's participants (Zoom's past-meeting participants, every page) stored as the
   * class's attendance sessions by the attendance module; the number stored.
   */
  async importParticipants(liveClassId: string): Promise<number> {
    const row = await this.repo.byId(liveClassId);
    if (!row?.meetingAccountId) return 0;
    const account = await this.repo.account(this.db, row.meetingAccountId);
    if (!account || account.provider !== 'ZOOM') return 0;
    const sessions = await this.meetings.pastParticipants(ref(account), heldMeeting(row));
    await storeParticipantSessions(this.db, liveClassId, sessions, 'API');
    return sessions.length;
  }

  /**
   * Downloads the MP4 (streamed to a temporary file, never held in memory) into
   * recordings/{liveClassId}/, registers it as a video of the class, submits it to transcoding like
   * any upload, and attaches it to the class at once with its transcoding status (it plays once
   * transcoded). A file already imported (the job retried) is not downloaded twice.
   */
  async importRecording(data: ZoomRecordingPayload, signal?: AbortSignal): Promise<string> {
    const row = await this.repo.byId(data.liveClassId);
    if (!row) throw new Error(`live class ${data.liveClassId} no longer exists`);
    const { stored } = videoFileName(data.fileName || 'recording.mp4');
    const key = `recordings/${row.id}/${stored || `${crypto.randomUUID()}-recording.mp4`}`;
    const token = data.downloadToken || (await this.meetings.zoom?.accessToken()) || '';
    const res = await fetchZoomRecording(data.downloadUrl, token, {
      trustedOrigins: zoomOrigins(this.meetings.config.zoom),
      fetchImpl: this.fetchImpl,
      signal,
    });
    if (!res.ok || !res.body) throw new Error(`the recording download answered HTTP ${res.status}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-zoom-'));
    const file = path.join(dir, 'recording.mp4');
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), fs.createWriteStream(file));
      const size = fs.statSync(file).size;
      await this.storage.driver.putFile({ bucket: this.storage.videosBucket, key }, file, 'video/mp4');
      const videoId = crypto.randomUUID();
      await this.db.transaction(async (tx) => {
        await this.videos.insert(
          tx,
          {
            id: videoId,
            liveClassId: row.id,
            name: stored.replace(/^[0-9a-f-]{36}-/, '') || 'recording.mp4',
            storageKey: key,
            size,
            durationSeconds: data.durationSeconds,
            transcodingStatus: 'NOT_STARTED',
            uploadedBy: 'Zoom',
          },
          null,
        );
        await this.repo.attachRecording(tx, row.id, videoId, 'Zoom');
        await this.repo.bumpVersion(tx, row.id);
        await recordActivity(tx, {
          actorId: null,
          action: 'liveClass.recording.import',
          entityType: 'liveClass',
          entityId: row.id,
          after: { videoId, storageKey: key, meetingId: data.meetingId },
          summary: `Zoom's recording of '${row.title}' was brought in and attached`,
        });
      });
      await this.onVideosRegistered([videoId], 'registered');
      return videoId;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
