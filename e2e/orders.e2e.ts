/**
 * Orders on a student's page as FINANCE (issue 33, item 6): place an offline order with its receipt
 * for a student, see it paid with its invoice on the order's timeline, refund part of it and see the
 * credit note. The student and the listing's plan are made and found through the API (a new student
 * comes with an order placed for their mobile number), not read from the demo seed's rows. Every
 * screen and dialog goes through the accessibility check at desktop and phone widths.
 */
import crypto from 'node:crypto';
import { DEMO_STAFF, indianDate } from '@lectern/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, consoleUrl, launchBrowser, newPage, shot, signInAs } from './browser';
import { signIn, type ApiClient } from './processes';

const FINANCE = DEMO_STAFF.find((staff) => staff.role === 'FINANCE')!;
const STUDENT_MOBILE = `9${crypto.randomInt(100_000_000, 999_999_999)}`;
const STUDENT_NAME = `Journey Student ${STUDENT_MOBILE.slice(-4)}`;

interface Offer {
  storeListingName: string;
  planLabel: string;
}

/**
 * A listing and a plan it sells, found through the API, and a new student made by an order placed on
 * them for a new mobile number (left PENDING: the journey places its own order through the screen).
 */
async function prepare(client: ApiClient): Promise<Offer> {
  const catalogues = await client.call('GET', '/api/publisher/cataloguemanager/all?archived=false');
  expect(catalogues.status).toBe(200);
  const today = indianDate();
  const refusals: string[] = [];
  for (const catalogue of catalogues.body.data as { catalogueId: string; storeListingId: string | null }[]) {
    if (!catalogue.storeListingId) continue;
    const detail = await client.call('GET', `/api/publisher/cataloguemanager/catalogue/${catalogue.catalogueId}`);
    const plans = detail.body.data.subscriptions as {
      subscriptionId: string;
      subscriptionLabel: string;
      subscriptionType: string;
      subscriptionEndDate: string | null;
    }[];
    for (const plan of plans) {
      if (plan.subscriptionType === 'FIXED' && plan.subscriptionEndDate && plan.subscriptionEndDate < today) continue;
      const placed = await client.call('POST', '/api/payments/order/create', {
        mobileNumber: STUDENT_MOBILE,
        studentName: STUDENT_NAME,
        storeListingId: catalogue.storeListingId,
        subscriptionId: plan.subscriptionId,
        paymentMode: 'OFFLINE',
      });
      // a listing that chose some of its catalogue's plans refuses the others: try the next
      if (placed.status !== 200) {
        refusals.push(`${placed.status} ${JSON.stringify(placed.body)}`);
        continue;
      }
      return { storeListingName: detail.body.data.storeListingName as string, planLabel: plan.subscriptionLabel };
    }
  }
  throw new Error(`no store listing sells a plan that can be bought:\n${refusals.join('\n')}`);
}

describe('orders on a student page', () => {
  let browser: Browser;
  let offer: Offer;
  beforeAll(async () => {
    browser = await launchBrowser();
    offer = await prepare(await signIn(consoleUrl(), FINANCE.phone, 'FINANCE'));
  });
  afterAll(async () => browser?.close());

  async function openStudent(page: Page): Promise<void> {
    await page.goto(`/student-management?mobileNumber=${STUDENT_MOBILE}`);
    await page.getByText(STUDENT_NAME).first().waitFor();
    await page.getByRole('list', { name: 'Orders' }).getByRole('listitem').first().waitFor();
  }

  it('places an offline order with its receipt, sees it paid and invoiced, and refunds part of it', async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    try {
      await signInAs(page, FINANCE.phone);
      await openStudent(page);

      // the new order: listing, plan, the receipt of cash received today
      await page.getByRole('button', { name: 'New order' }).click();
      const dialog = page.getByRole('dialog', { name: `New order for ${STUDENT_NAME}` });
      await dialog.getByText('Choose a listing and a plan to see the price.').waitFor();
      await shot(page, 'new-order');
      await dialog.getByRole('combobox', { name: /Store listing/ }).fill(offer.storeListingName);
      await page.getByRole('option', { name: offer.storeListingName, exact: true }).click();
      await dialog.getByRole('radio', { name: new RegExp(`^${offer.planLabel} · Rs\\.`) }).check();
      await dialog.getByRole('region', { name: 'Order total' }).getByText('Total to pay').waitFor();
      const receipt = `J-${STUDENT_MOBILE}`;
      await dialog.getByRole('textbox', { name: /Receipt number/ }).fill(receipt);
      await shot(page, 'new-order-filled');
      await dialog.getByRole('button', { name: 'Place order and record payment' }).click();

      const placed = page.getByRole('dialog', { name: /^Order / });
      await placed.getByText(/is paid, invoice .* issued/).waitFor();
      const orderId = ((await placed.getByRole('heading').first().textContent()) ?? '').replace(/^Order /, '').trim();
      expect(orderId).not.toBe('');
      await placed.getByText('CGST').or(placed.getByText('IGST')).first().waitFor();
      await shot(page, 'new-order-placed');
      await placed.getByRole('button', { name: 'Done' }).click();
      await placed.waitFor({ state: 'hidden' });

      // the order's timeline: created, paid, invoiced
      await page.getByRole('button', { name: `Show details of order ${orderId}` }).click();
      const timeline = page.getByRole('list', { name: `Timeline of order ${orderId}` });
      await timeline.waitFor();
      for (const kind of ['Created', 'Paid', 'Invoice'])
        await timeline.getByText(kind, { exact: true }).first().waitFor();
      await shot(page, 'order-details', { fullPage: true });

      // refund Rs. 100 of it, paid back in cash
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = page.getByRole('dialog', { name: `Refund order ${orderId}` });
      await refund.getByText('A full refund').waitFor();
      await refund.getByRole('textbox', { name: /Amount to refund/ }).fill('100');
      await refund.getByText('A full refund').waitFor({ state: 'hidden' });
      await refund.getByRole('textbox', { name: /Reason/ }).fill('Printed notes not wanted');
      await refund.getByRole('textbox', { name: /Receipt number/ }).fill(`${receipt}-R`);
      await refund.getByLabel('Credit note figures').getByText('Rs. 100').waitFor();
      await shot(page, 'refund');
      await refund.getByRole('button', { name: 'Review refund' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the refund' });
      await confirm.getByText(/A partial refund/).waitFor();
      await shot(page, 'refund-confirm');
      await confirm.getByRole('button', { name: 'Refund Rs. 100' }).click();
      await confirm.waitFor({ state: 'hidden' });

      // the credit note on the order, and the order partly refunded
      const notes = page.getByRole('region', { name: 'Credit notes' });
      await notes.getByText('Printed notes not wanted', { exact: false }).waitFor({ timeout: 10_000 });
      await notes.getByRole('button', { name: /^Download PDF of credit note / }).waitFor();
      await page.getByRole('list', { name: 'Orders' }).getByText('PARTIALLY_REFUNDED').first().waitFor();
      await shot(page, 'order-details-refunded', { fullPage: true });
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the order's details at 390 px do not scroll sideways", async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await signInAs(page, FINANCE.phone);
      await openStudent(page);
      await page
        .getByRole('button', { name: /^Show details of order / })
        .first()
        .click();
      await page
        .getByRole('list', { name: /^Timeline of order / })
        .first()
        .waitFor();
      await shot(page, 'order-details-phone', { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
