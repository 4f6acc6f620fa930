import { MESSAGES, fillMessage } from '@lectern/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, newPage, signInAs } from './browser';
import { dragByKeys } from './keyboard';

/**
 * Subject management end to end: a content admin creates a subject and assigns the demo content
 * developer; the developer builds it, reorders by mouse and keyboard, makes a sub-topic free trial,
 * attaches a transcoded video and sends it for review; the admin approves it, and reverts another
 * subject whose reason the developer then reads. Two sessions editing one unit see the conflict
 * message and lose nothing.
 */
const ADMIN = '9000000002';
const DEVELOPER = '9000000003';
const STALE = fillMessage(MESSAGES.staleVersion, { entity: 'subject' });
const stamp = Date.now();
const SUBJECT = `Thermodynamics ${stamp}`;
const REVERTED = `Optics ${stamp}`;
const REASON = `Unit 1 needs a worked example on lenses (${stamp}).`;

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function signedIn(browser: Browser, phone: string): Promise<Session> {
  const session = await newPage(browser);
  await signInAs(session.page, phone);
  return session;
}

const table = (page: Page, name: string) => page.getByRole('table', { name, exact: true });
const firstColumn = (rows: Locator) => rows.locator('tbody tr td:nth-child(2)');

async function rowNames(page: Page, name: string): Promise<string[]> {
  return (await firstColumn(table(page, name)).allTextContents()).map((text) => text.replace(/\(.*\)$/, '').trim());
}

/** Creates a subject through the drawer; returns its id (the details page opens). */
async function createSubject(page: Page, name: string): Promise<string> {
  await page.goto('/subject-management');
  await page.getByRole('button', { name: 'Create Subject' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Subject' });
  await drawer.getByLabel('Subject name').fill(name);
  await drawer.getByLabel('Description').fill('Made by the browser journey.');
  await drawer.getByRole('button', { name: 'Create subject' }).click();
  await page.waitForURL('**/subject-management/subject-details?subjectId=*');
  await page.getByTestId('subject-name').filter({ hasText: name }).waitFor();
  return new URL(page.url()).searchParams.get('subjectId')!;
}

async function assignDeveloper(page: Page) {
  await page.getByRole('button', { name: 'Assign people' }).click();
  const drawer = page.getByRole('dialog', { name: 'Assign people' });
  await drawer.getByRole('combobox', { name: 'Add content developer' }).click();
  await page.getByRole('option', { name: /^Rohan Iyer/ }).click();
  await drawer.getByRole('list', { name: 'Content developers' }).getByText('Rohan Iyer', { exact: true }).waitFor();
  await drawer.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Rohan Iyer', { exact: true }).first().waitFor();
}

async function addUnit(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'New unit name' }).fill(name);
  await page.getByRole('button', { name: 'Add Unit' }).click();
  await table(page, 'Units').getByText(name, { exact: true }).waitFor();
}

async function addTopic(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'New topic name' }).fill(name);
  await page.getByRole('button', { name: 'Add Topic' }).click();
  await table(page, 'Topics').getByText(name, { exact: true }).waitFor();
}

async function addSubtopic(page: Page, topic: string, name: string) {
  const input = page.getByRole('textbox', { name: `New sub-topic name for ${topic}` });
  await input.fill(name);
  await input.press('Enter');
  await table(page, `Sub-topics of ${topic}`).getByText(name, { exact: true }).waitFor();
}

async function figure(page: Page, label: string): Promise<string> {
  const term = page.locator('dt').filter({ hasText: new RegExp(`^${label}:$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

async function confirmIn(page: Page, dialogName: string, button: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('subject management journeys', () => {
  let browser: Browser;
  let admin: Session;
  let developer: Session;
  let subjectId = '';
  let unitA = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedIn(browser, ADMIN);
    developer = await signedIn(browser, DEVELOPER);
  });
  afterAll(async () => {
    await admin?.context.close();
    await developer?.context.close();
    await browser?.close();
  });

  it('a content admin creates a subject and assigns the demo content developer', async () => {
    subjectId = await createSubject(admin.page, SUBJECT);
    await assignDeveloper(admin.page);
    await admin.page.goto('/subject-management?group=NEWLY_ASSIGNED');
    await table(admin.page, 'Newly assigned')
      .getByRole('link', { name: `Open ${SUBJECT}` })
      .waitFor();
    await checkScreen(admin.page, 'subject-management-newly-assigned');
    expect(admin.errors).toEqual([]);
  });

  it('the developer builds two units of two topics of two sub-topics each', async () => {
    const { page } = developer;
    await page.goto('/subject-management');
    await page.getByRole('tab', { name: /^Newly assigned/ }).click();
    await page.getByRole('link', { name: `Open ${SUBJECT}` }).click();
    await page.getByTestId('subject-name').filter({ hasText: SUBJECT }).waitFor();
    await addUnit(page, 'Unit A');
    await addUnit(page, 'Unit B');
    await checkScreen(page, 'subject-details-editing');
    for (const unit of ['A', 'B']) {
      await page.goto(`/subject-management/subject-details?subjectId=${subjectId}`);
      await table(page, 'Units')
        .getByRole('link', { name: `Topics of Unit ${unit}` })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Subject Management - Topics' }).waitFor();
      if (unit === 'A') unitA = new URL(page.url()).searchParams.get('unitId')!;
      for (const topic of ['1', '2']) await addTopic(page, `Topic ${unit}${topic}`);
      for (const topic of ['1', '2']) {
        for (const sub of ['a', 'b']) await addSubtopic(page, `Topic ${unit}${topic}`, `Sub ${unit}${topic}${sub}`);
      }
      await checkScreen(page, 'subject-topics-editing');
    }
    await page.goto(`/subject-management/subject-details?subjectId=${subjectId}`);
    await table(page, 'Units').waitFor();
    expect(await figure(page, 'Units')).toBe('2');
    expect(await figure(page, 'Topics')).toBe('4');
    expect(await figure(page, 'Sub-topics')).toBe('8');
  });

  it('reorders units with the mouse and topics from the keyboard', async () => {
    const { page } = developer;
    expect(await rowNames(page, 'Units')).toEqual(['Unit A', 'Unit B']);
    const handles = table(page, 'Units').getByRole('button', { name: 'Drag to reorder' });
    const from = (await handles.nth(1).boundingBox())!;
    const to = (await handles.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - ((from.y - to.y + 10) * step) / 10);
    }
    await page.mouse.up();
    await expect.poll(() => rowNames(page, 'Units')).toEqual(['Unit B', 'Unit A']);
    await page.reload();
    await table(page, 'Units').getByText('Unit A', { exact: true }).waitFor();
    expect(await rowNames(page, 'Units')).toEqual(['Unit B', 'Unit A']);

    await page.goto(`/subject-management/subject-details/topics?subjectId=${subjectId}&unitId=${unitA}`);
    await table(page, 'Topics').getByText('Topic A2', { exact: true }).waitFor();
    expect(await rowNames(page, 'Topics')).toEqual(['Topic A1', 'Topic A2']);
    const topicHandle = table(page, 'Topics').getByRole('button', { name: 'Drag to reorder' }).nth(1);
    await topicHandle.focus();
    await dragByKeys(page, ['Space', 'ArrowUp', 'Space']);
    await expect.poll(() => rowNames(page, 'Topics')).toEqual(['Topic A2', 'Topic A1']);
    await page.reload();
    await table(page, 'Topics').getByText('Topic A1', { exact: true }).waitFor();
    expect(await rowNames(page, 'Topics')).toEqual(['Topic A2', 'Topic A1']);
  });

  it('makes a sub-topic free trial and sees the free-trial totals change', async () => {
    const { page } = developer;
    expect(await figure(page, 'Free-trial sub-topics')).toBe('0');
    await page.getByRole('switch', { name: 'Free trial: Sub A1a' }).click();
    await expect.poll(() => figure(page, 'Free-trial sub-topics')).toBe('1');
    expect(await page.getByRole('switch', { name: 'Free trial: Sub A1a' }).isChecked()).toBe(true);
  });

  it('two sessions editing one unit: the second save shows the conflict and keeps what was typed', async () => {
    const mine = developer.page;
    const theirs = admin.page;
    const unitPage = `/subject-management/subject-details/topics?subjectId=${subjectId}&unitId=${unitA}`;
    await theirs.goto(unitPage);
    await table(theirs, 'Topics').getByText('Topic A1', { exact: true }).waitFor();
    // the developer's page is already open on the same unit: the admin saves first
    await addTopic(theirs, 'Topic from admin');

    await table(mine, 'Topics').getByText('Topic A1', { exact: true }).dblclick();
    const rename = mine.getByRole('textbox', { name: 'Rename topic Topic A1' });
    await rename.fill('Topic A1 renamed');
    await rename.press('Enter');
    await mine.getByText(STALE).first().waitFor();
    const reopened = mine.getByRole('textbox', { name: /^Rename topic / });
    await reopened.waitFor();
    expect(await reopened.inputValue()).toBe('Topic A1 renamed');
    await checkScreen(mine, 'subject-topics-conflict');
    // the subject was reloaded: the admin's topic shows, and the retry saves
    await table(mine, 'Topics').getByText('Topic from admin', { exact: true }).waitFor();
    await reopened.press('Enter');
    await table(mine, 'Topics').getByText('Topic A1 renamed', { exact: true }).waitFor();

    // the admin, up to date again, saves first once more; then the developer's add is refused
    await theirs.reload();
    await addSubtopic(theirs, 'Topic A2', 'Sub from admin');
    const input = mine.getByRole('textbox', { name: 'New topic name' });
    await input.fill('Topic typed meanwhile');
    const refused = mine.waitForResponse((r) => r.url().endsWith('/api/subjects/topic/create') && r.status() === 409);
    await mine.getByRole('button', { name: 'Add Topic' }).click();
    expect(((await (await refused).json()) as { message: string }).message).toBe(STALE);
    await mine.getByText(STALE).first().waitFor();
    await table(mine, 'Sub-topics of Topic A2').getByText('Sub from admin', { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('Topic typed meanwhile');
    await mine.getByRole('button', { name: 'Add Topic' }).click();
    await table(mine, 'Topics').getByText('Topic typed meanwhile', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
  });

  it('the developer attaches a transcoded video on Organic Chemistry', async () => {
    const { page } = developer;
    await page.goto(
      '/subject-management/subject-details/topics?subjectId=subj-organic-chemistry&unitId=subj-organic-chemistry-u2',
    );
    const subtopics = table(page, 'Sub-topics of Nucleophilic substitution');
    await subtopics.getByRole('button', { name: 'Attach video' }).click();
    const drawer = page.getByRole('dialog', { name: 'Attach video' });
    await drawer.getByText('TRANSCODING IN PROGRESS', { exact: true }).waitFor();
    const busy = drawer.getByRole('row').filter({ hasText: 'revision-lecture.mp4' }).getByRole('radio');
    expect(await busy.isDisabled()).toBe(true);
    await checkScreen(page, 'subject-attach-drawer-developer');
    await drawer.getByRole('row').filter({ hasText: 'sn2-reactions.mp4' }).getByRole('radio').check();
    await drawer.getByRole('button', { name: 'Attach', exact: true }).click();
    await page.getByText('Video attached to SN2 reactions.').first().waitFor();
    await subtopics.getByText('sn2-reactions.mp4', { exact: true }).waitFor();
  });

  it('the developer sends the subject for review and the admin approves it', async () => {
    const { page } = developer;
    await page.goto(`/subject-management/subject-details?subjectId=${subjectId}`);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByRole('dialog', { name: 'Send for review?' }).waitFor();
    await checkScreen(page, 'send-for-review-dialog');
    await confirmIn(page, 'Send for review?', 'Send for review');
    await page.getByText(`'${SUBJECT}' was sent for review.`).first().waitFor();
    await checkScreen(page, 'subject-details-sent-for-review');
    await page.getByTestId('edit-notice').waitFor();
    expect(await page.getByRole('textbox', { name: 'New unit name' }).isDisabled()).toBe(true);

    await admin.page.goto('/subject-review');
    await table(admin.page, 'Finished')
      .getByRole('button', { name: `Approve ${SUBJECT}` })
      .click();
    await admin.page.getByRole('dialog', { name: 'Approve subject?' }).waitFor();
    await checkScreen(admin.page, 'approve-dialog');
    await confirmIn(admin.page, 'Approve subject?', 'Approve');
    await admin.page.getByText(`'${SUBJECT}' was approved and is ready to be published.`).first().waitFor();
    await table(admin.page, 'Ready to be published')
      .getByRole('button', { name: `Publish ${SUBJECT}` })
      .waitFor();
  });

  it('the admin reverts another subject with a reason the developer then sees', async () => {
    const otherId = await createSubject(admin.page, REVERTED);
    await assignDeveloper(admin.page);

    const { page } = developer;
    await page.goto(`/subject-management/subject-details?subjectId=${otherId}`);
    await addUnit(page, 'Lenses');
    await page.getByRole('button', { name: 'Send for review' }).click();
    await confirmIn(page, 'Send for review?', 'Send for review');
    await page.getByTestId('edit-notice').waitFor();

    await admin.page.goto('/subject-review');
    await table(admin.page, 'Finished')
      .getByRole('button', { name: `Revert or decline ${REVERTED}` })
      .click();
    const dialog = admin.page.getByRole('dialog', { name: `Send '${REVERTED}' back` });
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await dialog.getByText(/^Enter a reason/).waitFor();
    await checkScreen(admin.page, 'revert-dialog-reason-missing');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await admin.page.getByText(`'${REVERTED}' was sent back to its content developers.`).first().waitFor();

    await page.goto(`/subject-management/subject-details?subjectId=${otherId}`);
    const reason = page.getByTestId('review-reason');
    await reason.waitFor();
    await checkScreen(page, 'subject-details-reverted-with-reason');
    expect(await reason.textContent()).toContain(REASON);
    expect(await reason.textContent()).toContain('Reverted by Priya Raghavan');
    expect(await page.getByRole('textbox', { name: 'New unit name' }).isDisabled()).toBe(false);
    // the browser logs the refused saves of the conflict journey (409): nothing else may fail
    expect(developer.errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
  });
});
