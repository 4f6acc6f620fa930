import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { ok, subjectDetail, videoFile } from '../test/fixtures';

const TOPICS = '/subject-management/subject-details/topics?subjectId=subj-1&unitId=unit-1';
const GET = 'GET /subjects/subject/subjectid/subj-1';
const VIDEOS = 'GET /file-explorer-service/cloud/subject/subj-1';

async function openTopics(roles: Role[], subject = subjectDetail()) {
  const api = await mockApi({
    [GET]: ok(subject),
    [VIDEOS]: ok([
      videoFile('v-done', 'alkanes-intro.mp4', 'COMPLETE'),
      videoFile('v-busy', 'revision-lecture.mp4', 'PROGRESSING'),
      videoFile('v-error', 'doubt-session.mp4', 'ERROR'),
      videoFile('v-new', 'chapter-summary.mp4', 'NOT_STARTED'),
      videoFile('v-queued', 'practice-problems.mp4', 'SUBMITTED'),
    ]),
    'PUT /subjects/subject/attachvideo': ok(subjectDetail({ version: 8 }), 'Video attached to Conformations.'),
    'PUT /subjects/subtopic/update': ok(subjectDetail({ version: 8 })),
  });
  const view = renderApp(TOPICS, { roles });
  await screen.findByRole('heading', { level: 1, name: 'Subject Management - Topics' }, { timeout: 5000 });
  await screen.findByRole('table', { name: 'Topics' });
  return { ...view, api };
}

describe('Topics of a unit', () => {
  it('shows the unit’s totals, its topics and a sub-topics table per topic', async () => {
    await openTopics(['CONTENT_DEVELOPER']);
    expect(screen.getByTestId('subject-name').textContent).toBe('Organic Chemistry › Hydrocarbons');
    expect(screen.getByText('Total video time:').nextElementSibling?.textContent).toBe('1:02:05');
    expect(screen.getByText('Free-trial sub-topics:').nextElementSibling?.textContent).toBe('2');
    const subtopics = screen.getByRole('table', { name: 'Sub-topics of Alkanes' });
    const cells = (name: string) =>
      Array.from(within(subtopics).getByText(name).closest('tr')?.querySelectorAll('td') ?? []).map(
        (cell) => cell.textContent,
      );
    // name (with its rename hint for screen readers), attached video, its duration, switches, delete
    expect(cells('Nomenclature')).toEqual([
      '',
      'Nomenclature (Rename sub-topic Nomenclature: press Enter)',
      'sub-1.mp4',
      '1:02:05',
      '',
      '',
      'Delete',
    ]);
    // no video yet: the cell offers to attach one
    expect(cells('Conformations')).toEqual([
      '',
      'Conformations (Rename sub-topic Conformations: press Enter)',
      'Attach video',
      '0:00:00',
      '',
      '',
      'Delete',
    ]);
    expect(within(subtopics).getByRole<HTMLButtonElement>('button', { name: 'Remove video sub-1.mp4' }).disabled).toBe(
      false,
    );
    expect(within(subtopics).getByRole<HTMLButtonElement>('button', { name: 'Attach video' }).disabled).toBe(false);
  });

  it('lets only transcoded videos be picked, and attaches the chosen one', async () => {
    const { user, api } = await openTopics(['CONTENT_DEVELOPER']);
    await user.click(screen.getByRole('button', { name: 'Attach video' }));
    const drawer = await screen.findByRole('dialog', { name: 'Attach video' });
    const picker = within(drawer);
    await picker.findByText('alkanes-intro.mp4');

    const radioOf = (name: string) =>
      within(picker.getByText(name).closest('tr') as HTMLElement).getByRole<HTMLInputElement>('radio');
    expect(radioOf('alkanes-intro.mp4').disabled).toBe(false);
    for (const name of ['revision-lecture.mp4', 'doubt-session.mp4', 'chapter-summary.mp4', 'practice-problems.mp4']) {
      expect(radioOf(name).disabled, name).toBe(true);
    }
    const badgeOf = (name: string) => picker.getByText(name).closest('tr')?.querySelector('[data-status]')?.textContent;
    expect(badgeOf('alkanes-intro.mp4')).toBe('Transcoded');
    expect(badgeOf('revision-lecture.mp4')).toBe('TRANSCODING IN PROGRESS');
    // every other status gets a blank badge
    const errorRow = picker.getByText('doubt-session.mp4').closest('tr') as HTMLElement;
    const blank = errorRow.querySelector('[data-status="ERROR"]');
    expect(blank?.textContent?.trim()).toBe('');

    const attach = picker.getByRole<HTMLButtonElement>('button', { name: 'Attach' });
    expect(attach.disabled).toBe(true);
    await user.click(radioOf('alkanes-intro.mp4'));
    await user.click(attach);
    await waitFor(() => expect(api.find('PUT /subjects/subject/attachvideo')).toHaveLength(1));
    expect(api.find('PUT /subjects/subject/attachvideo')[0]?.body).toEqual({
      subjectId: 'subj-1',
      version: 7,
      unitId: 'unit-1',
      topicId: 'topic-1',
      subTopicId: 'sub-2',
      videoDetails: { videoId: 'v-done' },
    });
    expect((await screen.findByText('Video attached to Conformations.')).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attach video' })).toBeNull());
  });

  it('lets an uploader attach videos but not change the tree', async () => {
    await openTopics(['CONTENT_UPLOADER'], subjectDetail({ role: 'uploader' }));
    expect((screen.getByRole('textbox', { name: 'New topic name' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Active: Alkanes' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Attach video' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('switches a sub-topic to free trial with the subject’s version', async () => {
    const { user, api } = await openTopics(['CONTENT_DEVELOPER']);
    await user.click(screen.getByRole('switch', { name: 'Free trial: Conformations' }));
    await waitFor(() => expect(api.find('PUT /subjects/subtopic/update')).toHaveLength(1));
    expect(api.find('PUT /subjects/subtopic/update')[0]?.body).toEqual({
      subjectId: 'subj-1',
      version: 7,
      subtopicId: 'sub-2',
      trial: true,
    });
  });
});
