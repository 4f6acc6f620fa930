import { describe, expect, it } from 'vitest';
import type { UploadItem, UploadStatus } from '../../../lib/uploads/upload-queue';
import { uploadAnnouncements, type Announced } from './upload-announcements';

function item(progressNum: number, status: UploadStatus = 'uploading', error?: string): UploadItem {
  return {
    id: 'id-1',
    uuid: 'u-1',
    fileName: 'lecture.mp4',
    fileData: new File([], 'lecture.mp4'),
    size: 1000,
    target: { type: 'subject', subjectId: 's', unitId: 'u', topicId: 't' },
    status,
    progressNum,
    cancelled: status === 'cancelled',
    inQueue: true,
    uploadedToS3: false,
    uploadedToDb: null,
    error,
  };
}

/** Feeds the queue's successive states through, as the panel does, and collects what is said. */
function spoken(states: UploadItem[]): { polite: string[]; assertive: string[] } {
  let seen: ReadonlyMap<string, Announced> = new Map();
  const said = { polite: [] as string[], assertive: [] as string[] };
  for (const state of states) {
    const next = uploadAnnouncements(seen, [state]);
    seen = next.seen;
    said.polite.push(...next.polite);
    said.assertive.push(...next.assertive);
  }
  return said;
}

describe('what the upload panel says to screen readers', () => {
  it('reads progress at every quarter, not at every percent', () => {
    const states = Array.from({ length: 100 }, (_, percent) => item(percent));
    expect(spoken(states).polite).toEqual([
      'lecture.mp4: 25% uploaded.',
      'lecture.mp4: 50% uploaded.',
      'lecture.mp4: 75% uploaded.',
    ]);
  });

  it('says how a file ended: registered politely, failures at once with the reason', () => {
    expect(spoken([item(0, 'queued'), item(100, 'registering'), item(100, 'uploadedToDb')])).toEqual({
      polite: ['lecture.mp4: uploaded and registered.'],
      assertive: [],
    });
    expect(spoken([item(100, 'registering'), item(100, 'registrationFailed', 'Something went wrong.')])).toEqual({
      polite: [],
      assertive: ['lecture.mp4: registration failed. Something went wrong.'],
    });
  });

  it('says nothing for a file it has just met, and starts counting again after a cancel', () => {
    expect(spoken([item(60)]).polite).toEqual([]);
    expect(spoken([item(30), item(0, 'cancelled'), item(10), item(26)]).polite).toEqual([
      'lecture.mp4: cancelled.',
      'lecture.mp4: 25% uploaded.',
    ]);
  });
});
