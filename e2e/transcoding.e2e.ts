import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, checkScreen, consoleUrl, launchBrowser, newPage, shot, signInAs } from './browser';
import { UPLOADS, generateClip, signIn, uploadAndRegister, waitFor, type ApiClient } from './processes';
import { ALKANES, HYDROCARBONS, SUBJECT, tempDir, topicLink, writeVideo } from './upload-helpers';

/**
 * Transcoding as staff see it, on the console the journeys share (PGlite, a worker in the server):
 * uploads are transcoded on registration; the manager lists finished and errored jobs (with the
 * reason); the file explorer's preview plays the HLS output through hls.js; the demo-video browser
 * picks a catalogue's transcoded preview video and one of its thumbnails.
 */
const ADMIN = '9000000001';
const CONTENT_ADMIN = '9000000002';
const stamp = Date.now();
const CLIP = `transcode-${stamp}.mp4`;
const BROKEN = `broken-${stamp}.mp4`;
const PREVIEW = `preview-${stamp}.mp4`;
const CATALOGUE = { id: 'cat-jee-main-2027', name: 'JEE Main 2027 Complete Course' };

const videoStatus = async (client: ApiClient, videoId: string) => {
  const res = await client.call('GET', `/api/file-explorer-service/cloud/videos/${videoId}/url`);
  return res.body.data as { hlsUrl: string | null; thumbnailUrls: string[] };
};

async function uploadPreview(client: ApiClient, file: string, fileName: string): Promise<string> {
  const data = fs.readFileSync(file);
  const start = await client.call('POST', UPLOADS, {
    target: { type: 'preview-video', catalogueId: CATALOGUE.id },
    fileName,
    size: data.length,
    contentType: 'video/mp4',
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const upload = start.body.data;
  expect(upload.mode).toBe('single');
  const put = await fetch(`${client.baseUrl}${upload.url}`, { method: 'PUT', headers: upload.headers, body: data });
  expect(put.status).toBe(200);
  expect((await client.call('POST', `${UPLOADS}/${upload.uploadId}/complete`, {})).status).toBe(200);
  const registered = await client.call('POST', '/api/file-explorer-service/cloud/preview-videos/create', {
    catalogueId: CATALOGUE.id,
    fileList: [
      { file: fileName, size: data.length, awsKey: upload.key, videoDurationInSecond: 4, catalogueId: CATALOGUE.id },
    ],
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return registered.body.data.fileList.find((f: { Name: string }) => f.Name === fileName).videoId;
}

describe('transcoding, playback and the demo-video browser', () => {
  let browser: Browser;
  let admin: ApiClient;
  const files = tempDir();
  const ids: { clip?: string; broken?: string; preview?: string } = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    const baseUrl = consoleUrl();
    admin = await signIn(baseUrl, ADMIN, 'SUPER_ADMIN');
    const clip = generateClip(path.join(files.dir, 'clip.mp4'), { seconds: 4, width: 640, height: 360 });
    const place = { subjectId: SUBJECT.id, unitId: HYDROCARBONS.id, topicId: ALKANES.id };
    ids.clip = (await uploadAndRegister(admin, clip, CLIP, place, 4)).videoId;
    const broken = writeVideo(files.dir, 'broken.mp4', 256 * 1024);
    ids.broken = (await uploadAndRegister(admin, broken, BROKEN, place, 4)).videoId;
    ids.preview = await uploadPreview(admin, clip, PREVIEW);
    await waitFor(
      'the clips to be transcoded',
      async () => {
        const [clipUrl, previewUrl] = await Promise.all([
          videoStatus(admin, ids.clip!),
          videoStatus(admin, ids.preview!),
        ]);
        return Boolean(clipUrl.hlsUrl && previewUrl.hlsUrl);
      },
      120_000,
      500,
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    files.cleanup();
  });

  it('lists the finished and the errored job, with the reason, at desktop and phone widths', async () => {
    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page, errors } = await newPage(browser, viewport);
      try {
        await signInAs(page, ADMIN);
        await page.goto('/transcoding-manager?tab=finished');
        await expect.poll(() => page.getByRole('heading', { name: 'Transcoding Manager', level: 1 }).count()).toBe(1);
        await page.getByRole('row').filter({ hasText: CLIP }).waitFor();
        await expect.poll(() => page.getByRole('tab', { name: /^Finished \(\d+\)$/ }).count()).toBe(1);
        await shot(page, 'transcoding-finished');

        await page.getByRole('tab', { name: /^Errored/ }).click();
        const errored = page.getByRole('row').filter({ hasText: BROKEN });
        await errored.waitFor();
        expect(await errored.textContent()).toMatch(/could not be read as a video|could not transcode/);
        await shot(page, 'transcoding-errored');
        if (label === 'phone') {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width).toBeLessThanOrEqual(PHONE.width);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);

  it('re-submits the errored video from the manager; it fails again and stays on the errored tab', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, ADMIN);
      await page.goto('/transcoding-manager?tab=re-transcode');
      const row = page.getByRole('row').filter({ hasText: BROKEN });
      await row.waitFor();
      await checkScreen(page, 'transcoding-re-transcode');
      await row.getByRole('checkbox', { name: 'Select row' }).check();
      await page.getByRole('button', { name: 'Submit to reserved queue' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).waitFor();
      await checkScreen(page, 'transcoding-submit-dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
      await page.getByText(/1 video submitted to the reserved queue\./).waitFor();
      await waitFor(
        'the second job to end',
        async () => {
          const res = await admin.call('GET', '/api/transcoding/jobs/errored');
          return (res.body.data.Jobs as { videoId: string; queue: string }[]).some(
            (job) => job.videoId === ids.broken && job.queue === 'reserved',
          );
        },
        60_000,
        500,
      );
    } finally {
      await context.close();
    }
  }, 120_000);

  it('plays the HLS output through hls.js in the file explorer preview', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, ADMIN);
      await page.goto(topicLink(HYDROCARBONS, ALKANES));
      await page.getByRole('button', { name: `Play ${CLIP}` }).click();
      const video = page.getByLabel(`Preview of ${CLIP}`);
      await video.waitFor();
      await expect.poll(() => video.getAttribute('data-playback'), { timeout: 10_000 }).toBe('hls.js');
      expect(await video.getAttribute('poster')).toBeTruthy();
      // hls.js may still be attaching the stream: ask it to play until time moves on.
      await expect
        .poll(
          () =>
            video.evaluate((element) => {
              const media = element as HTMLVideoElement;
              media.muted = true;
              if (media.paused) media.play().catch(() => undefined);
              return media.currentTime;
            }),
          { timeout: 20_000 },
        )
        .toBeGreaterThan(1);
      expect(errors).toEqual([]);
      await shot(page, 'transcoding-playback');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('browses demo videos: folder, file, thumbnail, add', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await signInAs(page, CONTENT_ADMIN);
        // the catalogue editor's last step: the preview videos shown on the storefront
        await page.goto(`/publisher/catalogueManager/createCatalogue?catalogueId=${CATALOGUE.id}`);
        for (let n = 0; n < 7; n++) await page.getByRole('button', { name: 'Next step' }).click();
        await page.getByRole('heading', { level: 2, name: 'Preview videos' }).waitFor();
        await page.getByRole('button', { name: 'Browse Demo Videos' }).waitFor();
        await checkScreen(page, 'catalogue-preview-videos');
        await page.getByRole('button', { name: 'Browse Demo Videos' }).click();
        const drawer = page.getByRole('dialog', { name: 'Browse Demo Videos' });
        await drawer.getByText('Select the folder').waitFor();
        await checkScreen(page, 'demo-videos-folders');
        expect(await drawer.getByRole('button', { name: 'Back' }).count()).toBe(0);
        const next = drawer.getByRole('button', { name: 'Next step' });
        expect(await next.isDisabled()).toBe(true);
        await drawer
          .getByRole('listbox', { name: 'Folders' })
          .getByRole('option', { name: new RegExp(CATALOGUE.name) })
          .click();
        await next.click();
        await drawer.getByText('Select the video file').waitFor();
        await drawer.getByRole('listbox', { name: 'Video files' }).getByRole('option').first().waitFor();
        await checkScreen(page, 'demo-videos-files');
        await drawer
          .getByRole('listbox', { name: 'Video files' })
          .getByRole('option', { name: new RegExp(PREVIEW) })
          .click();
        await next.click();
        await drawer.getByText('Select the auto-generated thumnnail image').waitFor();
        const add = drawer.getByRole('button', { name: 'Add video' });
        const thumbnails = drawer.getByRole('listbox', { name: 'Thumbnails' }).getByRole('option');
        await thumbnails.first().waitFor();
        expect(await thumbnails.count()).toBeGreaterThanOrEqual(3);
        // Every thumbnail is a real image that loaded.
        await expect
          .poll(() =>
            drawer
              .locator('img')
              .evaluateAll((images) => images.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
          )
          .toBeGreaterThanOrEqual(3);
        await thumbnails.nth(1).click();
        await shot(page, 'demo-videos-thumbnails');
        expect(await add.isDisabled()).toBe(false);
        await add.click();
        await expect.poll(() => drawer.count()).toBe(0);
        // added to the storefront's list, and chosen
        const chosen = page.getByRole('checkbox', { name: new RegExp(PREVIEW) });
        await chosen.waitFor();
        expect(await chosen.isChecked()).toBe(true);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
