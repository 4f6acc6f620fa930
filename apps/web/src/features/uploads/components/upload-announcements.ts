import type { UploadItem, UploadStatus } from '../../../lib/uploads/upload-queue';

/** Progress is read out at every quarter, not every percent: 25%, 50% and 75%. */
export const PROGRESS_STEP = 25;

/** What was last read out for a file. */
export interface Announced {
  step: number;
  status: UploadStatus;
}

/** Status changes worth saying, with what to say; failures interrupt (assertive). */
const SPOKEN: Partial<Record<UploadStatus, { text: string; assertive: boolean }>> = {
  uploadedToDb: { text: 'uploaded and registered', assertive: false },
  failed: { text: 'upload failed', assertive: true },
  registrationFailed: { text: 'registration failed', assertive: true },
  cancelled: { text: 'cancelled', assertive: false },
};

function stepOf(progress: number): number {
  return Math.floor(progress / PROGRESS_STEP) * PROGRESS_STEP;
}

/**
 * What the upload panel says to screen readers after the queue changed from what was last said
 * (`before`, by file uuid): a file passing 25%, 50% or 75%, and a file ending (registered, failed,
 * cancelled). Pure, so the panel's live regions speak in steps rather than at every percent.
 */
export function uploadAnnouncements(
  before: ReadonlyMap<string, Announced>,
  items: readonly UploadItem[],
): { seen: Map<string, Announced>; polite: string[]; assertive: string[] } {
  const seen = new Map<string, Announced>();
  const polite: string[] = [];
  const assertive: string[] = [];
  for (const item of items) {
    const step = stepOf(item.progressNum);
    const previous = before.get(item.uuid);
    seen.set(item.uuid, { step, status: item.status });
    if (!previous) continue;
    const spoken = SPOKEN[item.status];
    if (item.status !== previous.status && spoken) {
      const reason = spoken.assertive && item.error ? ` ${item.error}` : '';
      const line = `${item.fileName}: ${spoken.text}.${reason}`;
      (spoken.assertive ? assertive : polite).push(line);
    } else if (item.status === 'uploading' && step > previous.step && step > 0 && step < 100) {
      polite.push(`${item.fileName}: ${step}% uploaded.`);
    }
  }
  return { seen, polite, assertive };
}
