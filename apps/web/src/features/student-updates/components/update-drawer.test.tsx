import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STUDENT_UPDATE_MESSAGES, fillMessage, type StudentUpdate } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { AUDIENCES, HOLIDAY, HOME_VIDEO, MOCK_TEST, NEW_APP, OLD_NEWS, VIDEOS } from '../test/fixtures';
import { toIndiaInput } from './update-form';

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  rows: StudentUpdate[] = [HOLIDAY, MOCK_TEST, NEW_APP, OLD_NEWS],
) {
  const api = await mockApi({
    'GET /notifications/notifications/getupdates/announcements': { body: { data: rows } },
    'GET /notifications/notifications/audiences': { body: { data: AUDIENCES } },
    'GET /cms/pagecontent/videos': { body: { data: VIDEOS } },
    'GET /cms/pagecontent/videourl': { body: { data: HOME_VIDEO } },
    ...handlers,
  });
  const view = renderApp('/student-updates/announcements', { roles: ['CONTENT_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'Student Updates' }, { timeout: 10_000 });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: the buttons that open the drawer are
// looked for in the page and in their row, not through the whole app and its navigation.

/** The drawer of a new update. */
async function writeNew(user: Awaited<ReturnType<typeof setup>>['user']) {
  await user.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Write an update' })[0]!);
  return screen.findByRole('dialog', { name: 'Write an update' });
}

async function editExisting(user: Awaited<ReturnType<typeof setup>>['user'], title: string) {
  const row = (await screen.findByText(title)).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  await user.click(within(row).getByRole('button', { name: `Edit ${title}` }));
  return screen.findByRole('dialog', { name: 'Edit update' });
}

const choices = (drawer: HTMLElement) =>
  within(within(drawer).getByRole('group', { name: 'When students see it' }))
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

const inAMinute = (minutes: number) => toIndiaInput(Date.now() + minutes * 60_000);

describe('the drawer: writing an update', () => {
  it('previews the title and text as typed, and saves a draft for everyone', async () => {
    const { user, find } = await setup({
      'POST /notifications/notifications/createupdate': (request) => ({
        body: { data: { ...HOLIDAY, updateId: 'su-9', title: (request.body as { title: string }).title } },
      }),
    });
    const drawer = await writeNew(user);
    expect(choices(drawer)).toEqual(['Save as a draft', 'Schedule', 'Publish now']);
    expect(within(drawer).getByRole('button', { name: 'Save draft' })).toBeTruthy();

    await user.type(within(drawer).getByLabelText(/^Title/), 'Library opens late');
    const preview = within(drawer).getByRole('region', { name: 'As a student sees it' });
    expect(within(preview).getByTestId('preview-title').textContent).toBe('Library opens late');
    expect(preview.textContent).toContain('Announcements');
    const text = within(drawer).getByLabelText('Text');
    await user.click(text);
    await user.keyboard('From 10 AM on Monday');
    await waitFor(() => expect(within(preview).getByTestId('preview-body').textContent).toBe('From 10 AM on Monday'));

    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    await screen.findByText("'Library opens late' was saved as a draft.");
    expect(find('POST /notifications/notifications/createupdate')[0]!.body).toEqual({
      updateType: 'announcements',
      title: 'Library opens late',
      // the editor's HTML (jsdom's selection may leave an empty paragraph before it)
      body: expect.stringMatching(/^(<p><\/p>)?<p>From 10 AM on Monday<\/p>$/),
      imageUrl: null,
      videoId: null,
      audience: { kind: 'EVERYONE', ids: [] },
      action: 'DRAFT',
      publishAt: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Write an update' })).toBeNull());
  }, 40_000);

  it('schedules it for chosen batches, after checking the time and the audience before sending', async () => {
    const { user, find } = await setup({
      'POST /notifications/notifications/createupdate': (request) => {
        const body = request.body as { title: string; publishAt: string };
        return {
          body: { data: { ...MOCK_TEST, title: body.title, publishAt: new Date(body.publishAt).toISOString() } },
        };
      },
    });
    const drawer = await writeNew(user);
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    expect(await within(drawer).findByText('The title is required')).toBeTruthy();
    await user.click(within(drawer).getByLabelText(/^Title/));
    await user.paste('Physics test moved');

    await user.click(within(drawer).getByLabelText('Batches'));
    await user.click(within(drawer).getByLabelText('Schedule'));
    const schedule = within(drawer).getByRole('button', { name: 'Schedule' });
    await user.click(schedule);
    expect(await within(drawer).findByText('Choose at least one batch to send it to.')).toBeTruthy();
    expect(within(drawer).getByText('Choose when to publish it.')).toBeTruthy();

    await user.click(within(drawer).getByRole('combobox', { name: 'Batches' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'JEE Advanced 2027 Morning' }),
    );
    await user.keyboard('{Escape}');
    const at = within(drawer).getByLabelText(/^Publish at \(India time\)/);
    fireEvent.change(at, { target: { value: inAMinute(0) } });
    await user.click(schedule);
    expect(await within(drawer).findByText('Choose a time at least a minute from now.')).toBeTruthy();
    expect(find('POST /notifications/notifications/createupdate')).toHaveLength(0);
    // what was typed stays
    expect(within(drawer).getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Physics test moved');

    const later = inAMinute(10);
    fireEvent.change(at, { target: { value: later } });
    await user.click(schedule);
    await screen.findByText(/^'Physics test moved' will be published on /);
    const sent = find('POST /notifications/notifications/createupdate')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      title: 'Physics test moved',
      audience: { kind: 'BATCHES', ids: ['batch-kota-m'] },
      action: 'SCHEDULE',
      publishAt: `${later}:00+05:30`,
    });
  }, 40_000);

  it("shows the server's refusal in the drawer, on its field, with everything typed kept", async () => {
    const { user } = await setup({
      'POST /notifications/notifications/createupdate': {
        status: 400,
        body: {
          error: true,
          message: fillMessage(STUDENT_UPDATE_MESSAGES.videoNotReady, { videoName: 'Welcome to Lectern' }),
        },
      },
    });
    const drawer = await writeNew(user);
    await user.click(within(drawer).getByLabelText(/^Title/));
    await user.paste('Watch this');
    await user.click(within(drawer).getByRole('button', { name: 'Choose video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a video' });
    // the videos load as the dialog opens
    await user.click(await within(dialog).findByRole('button', { name: /Welcome to Lectern/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose video' }));
    await waitFor(() => expect(within(drawer).getByTestId('chosen-video').textContent).toBe('Welcome to Lectern'));
    expect(within(drawer).getByText('Video: Welcome to Lectern')).toBeTruthy();
    // the image is offered no more: one or the other
    expect(within(drawer).queryByRole('button', { name: 'Choose image' })).toBeNull();

    await user.click(await within(drawer).findByRole('radio', { name: 'Publish now' }));
    await user.click(within(drawer).getByRole('button', { name: 'Publish now' }));
    const message = "The video 'Welcome to Lectern' is not transcoded yet; choose one that is.";
    await waitFor(() => expect(within(drawer).getAllByText(message)).toHaveLength(2));
    expect(within(drawer).getByLabelText<HTMLInputElement>(/^Title/).value).toBe('Watch this');
  });

  it('takes an image from the resource picker (update images) or a video, never both', async () => {
    const image = {
      Key: 'student-updates/images/exam-banner.jpg',
      Size: 2048,
      LastModified: '2026-11-20T10:00:00.000Z',
      name: 'exam-banner.jpg',
      url: 'https://cdn.test/student-updates/images/exam-banner.jpg',
    };
    const { user, find } = await setup({
      'GET /file-explorer-service/cloud/objects': {
        body: {
          data: {
            Contents: [image],
            IsTruncated: false,
            NextContinuationToken: null,
            KeyCount: 1,
            MaxKeys: 50,
            Prefix: 'student-updates/images/',
          },
        },
      },
    });
    const drawer = await writeNew(user);
    await user.click(within(drawer).getByRole('button', { name: 'Choose image' }));
    const picker = await screen.findByRole('dialog', { name: 'Student update images' });
    expect(find('GET /file-explorer-service/cloud/objects')[0]!.query.get('resourceType')).toBe('student-update-image');
    await user.click(await within(picker).findByRole('option', { name: /exam-banner\.jpg/ }));
    await user.click(within(picker).getByRole('button', { name: 'Add resource' }));
    const chosen = await within(drawer).findByRole('img', { name: "The update's image" });
    expect(chosen.getAttribute('src')).toBe(image.url);
    const preview = within(drawer).getByTestId('update-preview');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(image.url);
    expect(within(drawer).queryByRole('button', { name: 'Choose video' })).toBeNull();

    // removing it offers both again; a video then takes its place
    await user.click(await within(drawer).findByRole('button', { name: 'Remove image' }));
    await user.click(within(drawer).getByRole('button', { name: 'Choose video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a video' });
    await user.click(await within(dialog).findByRole('button', { name: /How to prepare for JEE/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Choose video' }));
    await waitFor(() => expect(within(drawer).getByTestId('chosen-video').textContent).toBe('How to prepare for JEE'));
    expect(within(drawer).queryByRole('img', { name: "The update's image" })).toBeNull();
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(VIDEOS[1]!.thumbnail);
  });

  it('asks before closing with unsaved changes', async () => {
    const { user } = await setup();
    const drawer = await writeNew(user);
    await user.click(within(drawer).getByLabelText(/^Title/));
    await user.paste('Half written');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect((await within(drawer).findByRole<HTMLInputElement>('textbox', { name: 'Title' })).value).toBe(
      'Half written',
    );
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Write an update' })).toBeNull());
  });
});

describe('the drawer: editing an update, by state', () => {
  it('a scheduled one: its time filled in, and it can be published now at the version read', async () => {
    const { user, find } = await setup({
      'PUT /notifications/notifications/changeupdate': {
        body: { data: { ...MOCK_TEST, state: 'PUBLISHED', publishedAt: new Date().toISOString(), version: 4 } },
      },
    });
    const drawer = await editExisting(user, 'Mock test on Sunday');
    expect(choices(drawer)).toEqual(['Save as a draft', 'Schedule', 'Publish now']);
    expect(within(drawer).getByRole<HTMLInputElement>('radio', { name: 'Schedule' }).checked).toBe(true);
    expect(within(drawer).getByLabelText<HTMLInputElement>(/^Publish at/).value).toBe('2026-12-01T10:00');
    expect(within(drawer).getByText('Tue, 1 Dec, 10:00 AM')).toBeTruthy();
    // the batches' names come with the audiences (until then the chosen ones show as their ids)
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: 'Batches' }).textContent).toBe(
        'JEE Advanced 2027 Morning, JEE Advanced 2027 Evening, NEET 2027 Weekend',
      ),
    );

    await user.click(within(drawer).getByLabelText('Publish now'));
    expect(within(drawer).queryByLabelText(/^Publish at/)).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Publish now' }));
    await screen.findByText("'Mock test on Sunday' was published.");
    expect(find('PUT /notifications/notifications/changeupdate')[0]!.body).toMatchObject({
      updateId: 'su-2',
      version: 3,
      action: 'PUBLISH',
      publishAt: null,
    });
  });

  it('a published one: only kept published, saved as changes', async () => {
    const { user } = await setup();
    const drawer = await editExisting(user, 'New app version');
    expect(choices(drawer)).toEqual(['Keep it published (students see the changes at once)']);
    expect(within(drawer).getByRole('button', { name: 'Save changes' })).toBeTruthy();
    expect(within(drawer).getByText('Wed, 25 Nov, 11:30 AM')).toBeTruthy();
  });

  it('a withdrawn one: a draft, scheduled, or published again', async () => {
    const { user } = await setup();
    const drawer = await editExisting(user, 'Old news');
    expect(choices(drawer)).toEqual(['Save as a draft', 'Schedule', 'Publish now']);
    expect(within(drawer).getByRole<HTMLInputElement>('radio', { name: 'Save as a draft' }).checked).toBe(true);
  });

  it('says when someone else changed it meanwhile (409), keeping the edits and offering theirs', async () => {
    let theirs = false;
    const { user } = await setup({
      'GET /notifications/notifications/getupdates/announcements': () => ({
        body: {
          data: [
            theirs ? { ...HOLIDAY, imageUrl: 'https://cdn.example/diwali.png', version: HOLIDAY.version + 1 } : HOLIDAY,
            MOCK_TEST,
            NEW_APP,
            OLD_NEWS,
          ],
        },
      }),
      'PUT /notifications/notifications/changeupdate': () => {
        theirs = true;
        return {
          status: 409,
          body: {
            error: true,
            errorCode: 'STALE_VERSION',
            message:
              'Someone else changed this student update while you were working on it. Reload to see their changes, then try again.',
          },
        };
      },
    });
    const drawer = await editExisting(user, 'Diwali holidays');
    const title = within(drawer).getByLabelText<HTMLInputElement>(/^Title/);
    await user.clear(title);
    await user.paste('Diwali holidays extended');
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    await within(drawer).findByText(/^Someone else changed this student update/);
    expect(await within(drawer).findByText(/Changed on the server: Image\./)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Load latest' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Overwrite with mine' })).toBeTruthy();
    expect(title.value).toBe('Diwali holidays extended');
  });
});
