import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  emptyUpdateForm,
  fromIndiaInput,
  toIndiaInput,
  updateBody,
  updateFormValues,
} from './update-form';
import { MOCK_TEST, NEW_APP } from '../test/fixtures';

const NOW = new Date('2026-11-27T04:00:00Z'); // 9:30 AM India

describe('the update form', () => {
  it('offers only the saves the state allows', () => {
    expect(allowedActions(null)).toEqual(['DRAFT', 'SCHEDULE', 'PUBLISH']);
    expect(allowedActions('DRAFT')).toEqual(['DRAFT', 'SCHEDULE', 'PUBLISH']);
    expect(allowedActions('SCHEDULED')).toEqual(['DRAFT', 'SCHEDULE', 'PUBLISH']);
    expect(allowedActions('PUBLISHED')).toEqual(['PUBLISH']);
    expect(allowedActions('WITHDRAWN')).toEqual(['DRAFT', 'SCHEDULE', 'PUBLISH']);
  });

  it('reads and writes the schedule in India time, whatever the machine zone', () => {
    expect(toIndiaInput('2026-12-01T04:30:00.000Z')).toBe('2026-12-01T10:00');
    expect(fromIndiaInput('2026-12-01T10:00')).toBe('2026-12-01T10:00:00+05:30');
    expect(fromIndiaInput('2026-12-01')).toBeNull();
    expect(fromIndiaInput('')).toBeNull();
    expect(updateFormValues(MOCK_TEST)).toMatchObject({ action: 'SCHEDULE', publishAt: '2026-12-01T10:00' });
    expect(updateFormValues(NEW_APP)).toMatchObject({ action: 'PUBLISH', publishAt: '' });
  });

  it('checks a schedule with the contract rule before it is sent', () => {
    const values = { ...emptyUpdateForm(), title: 'Exam', action: 'SCHEDULE' as const };
    expect(updateBody(values, 'exam-alerts', null, NOW).issues).toEqual({ publishAt: 'Choose when to publish it.' });
    expect(updateBody({ ...values, publishAt: '2026-11-27T09:30' }, 'exam-alerts', null, NOW).issues).toEqual({
      publishAt: 'Choose a time at least a minute from now.',
    });
    expect(updateBody({ ...values, publishAt: '2027-12-01T09:30' }, 'exam-alerts', null, NOW).issues).toEqual({
      publishAt: 'Choose a time within a year.',
    });
    expect(updateBody({ ...values, publishAt: '2026-11-27T09:35' }, 'exam-alerts', null, NOW).body).toEqual({
      updateType: 'exam-alerts',
      title: 'Exam',
      body: '',
      imageUrl: null,
      videoId: null,
      audience: { kind: 'EVERYONE', ids: [] },
      action: 'SCHEDULE',
      publishAt: '2026-11-27T09:35:00+05:30',
    });
  });

  it('asks for a title, an audience unless everyone, and one of an image or a video', () => {
    const result = updateBody(
      {
        ...emptyUpdateForm(),
        audienceKind: 'BATCHES',
        imageUrl: 'https://cdn.test/a.jpg',
        video: { videoId: 'v-1', videoName: 'Intro', thumbnail: null },
      },
      'announcements',
      null,
      NOW,
    );
    expect(result.issues).toEqual({
      title: 'The title is required',
      audienceIds: 'Choose at least one batch to send it to.',
      video: 'An update has an image or a video, not both.',
    });
  });

  it("refuses a script or data link for the image with the contract's message on the field", () => {
    const values = { ...emptyUpdateForm(), title: 'Offer' };
    for (const imageUrl of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      expect(updateBody({ ...values, imageUrl }, 'offers', null, NOW).issues).toEqual({
        imageUrl: 'must be an https:// link or a file uploaded here',
      });
    }
    expect(
      updateBody({ ...values, imageUrl: '/files/student-updates/images/a.png' }, 'offers', null, NOW).issues,
    ).toBeNull();
  });

  it('refuses a save the state does not allow', () => {
    const values = { ...updateFormValues(NEW_APP), action: 'DRAFT' as const };
    expect(updateBody(values, 'announcements', 'PUBLISHED', NOW).issues).toEqual({
      action: 'A published update cannot be kept as a draft.',
    });
  });
});
