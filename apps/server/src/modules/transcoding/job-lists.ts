import {
  JOB_PAGE_SIZE,
  TRANSCODING_MESSAGES,
  TranscodingStatusSchema,
  formatIndiaDate,
  formatIndiaTime,
  type JobList,
  type JobListQuery,
  type TranscodeJobRow,
} from '@lectern/contract';
import { failWith } from '../../lib/app-error';
import type { Viewer } from '../../lib/routing';
import type { JobPage, JobRecord, ListFilter, PageAfter } from './transcoding.repository';

// The job lists of spec 2 §3: who sees which jobs, their filters, rows and pages.

const fail = failWith(TRANSCODING_MESSAGES);

export const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
// India time, as every other screen, whatever the server's zone: '28-11-2026' and '2:13 AM'
const timeOf = (value: Date | string | null) => (value ? formatIndiaTime(toDate(value)) : null);
const dateOf = (value: Date | string | null) => (value ? formatIndiaDate(toDate(value)) : null);

interface PageToken {
  /** sort time (ISO) and id of the last row given, and how many rows came before the next page */
  t: string;
  i: string;
  n: number;
}

function encodeToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(raw: string): PageToken {
  try {
    const token = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as PageToken;
    if (
      typeof token.t === 'string' &&
      !Number.isNaN(Date.parse(token.t)) &&
      typeof token.i === 'string' &&
      Number.isInteger(token.n) &&
      token.n >= 0
    ) {
      return token;
    }
  } catch {
    /* below */
  }
  throw fail(400, 'badNextToken');
}

/**
 * Whose videos a caller sees and acts on (DESIGN §5): admins every video; a content uploader only the
 * videos of subjects they are assigned to. (Uploaders cannot add preview videos, so there are none
 * of theirs outside subjects.)
 */
export function scopeOf(actor: { userId: string | null; roles: readonly string[] }): string | undefined {
  if (actor.userId === null) return undefined;
  return actor.roles.includes('SUPER_ADMIN') || actor.roles.includes('CONTENT_ADMIN') ? undefined : actor.userId;
}

/** The lists' filters: a local calendar day range (`from` at 00:00 up to the day after `to`), a name, a queue. */
export function listFilter(query: JobListQuery, actor: Viewer): ListFilter {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const filter: ListFilter = {};
  const assignedTo = scopeOf(actor);
  if (assignedTo) filter.assignedTo = assignedTo;
  if (query.from) filter.from = start(query.from);
  if (query.to) {
    const to = start(query.to);
    to.setDate(to.getDate() + 1);
    filter.to = to;
  }
  if (query.search?.trim()) filter.search = query.search.trim();
  if (query.queue) filter.queue = query.queue;
  return filter;
}

/** A job as the lists show it, numbered `index`; times in India time. */
export function jobRow(record: JobRecord, index: number): TranscodeJobRow {
  const status = TranscodingStatusSchema.catch('NOT_STARTED').parse(record.status);
  const started = status === 'PROGRESSING' || status === 'COMPLETE' ? record.started_at : null;
  const finished = status === 'COMPLETE' ? record.finished_at : null;
  return {
    id: record.id,
    index,
    videoId: record.video_id,
    fileName: record.file_name,
    s3Key: record.storage_key,
    transcodingSpeed: record.speed === null ? null : Math.round(Number(record.speed) * 100) / 100,
    uploadDate: formatIndiaDate(toDate(record.uploaded_at)),
    uploadTime: timeOf(record.uploaded_at)!,
    uploadedAt: toDate(record.uploaded_at).toISOString(),
    completion: Math.round(Number(record.progress)),
    uploader: record.uploaded_by,
    status,
    queue: record.queue,
    startDate: dateOf(started),
    startTime: timeOf(started),
    endDate: dateOf(finished),
    endTime: timeOf(finished),
    errorMessage: record.error_message,
    attempts: Number(record.attempts),
  };
}

/** One page of a list: the rows after the token's, numbered on from it, and the next token. */
export async function jobPage(
  nextToken: string | undefined,
  read: (after: PageAfter | undefined, limit: number) => Promise<JobPage>,
): Promise<JobList> {
  const token = nextToken ? decodeToken(nextToken) : undefined;
  const before = token?.n ?? 0;
  const { total, rows } = await read(token && { time: new Date(token.t), id: token.i }, JOB_PAGE_SIZE + 1);
  const more = rows.length > JOB_PAGE_SIZE;
  const shown = rows.slice(0, JOB_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    Jobs: shown.map((row, i) => jobRow(row, before + i + 1)),
    NextToken:
      more && last
        ? encodeToken({ t: toDate(last.sort_time).toISOString(), i: last.id, n: before + shown.length })
        : null,
    isTranscodingSuccess: true,
    total,
  };
}
