import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The accessibility check of the browser journeys: axe-core (the engine inside Lighthouse's
 * accessibility audit) run in the page, at desktop and phone widths. See docs/accessibility.md.
 */

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices (landmarks, one h1, heading order). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/**
 * Rules left out, each with its reason (docs/accessibility.md lists them). Empty is the goal.
 */
export const AXE_EXCEPTIONS: readonly string[] = [];

/**
 * What the `region` rule accepts as a region besides landmarks: axe's own list (dialogs, SVG) and the
 * popup of a menu button or select. Such a popup is modal (the page behind it is hidden from
 * assistive technology while it is open) and belongs to the control that opened it (aria-controls),
 * as a dialog belongs to no landmark either.
 */
const REGION_MATCHER = 'dialog, [role=dialog], [role=alertdialog], svg, [role=menu], [role=listbox]';

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** Injected once per document: the page's CSP forbids inline scripts, evaluate() is not subject to it. */
async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axe.source);
}

/**
 * Waits until nothing is sliding or fading in (drawers, dialogs, snackbars): a half-faded element
 * reads as low contrast. Endless animations (spinners, the fetching bar) are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const moving = () =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
    const deadline = performance.now() + 3000;
    await frame();
    await frame();
    while (moving() && performance.now() < deadline) await frame();
    await document.fonts.ready;
  });
}

/** The violations of the screen as it is now, at the current width. */
export async function scanScreen(page: Page): Promise<A11yViolation[]> {
  await settle(page);
  await injectAxe(page);
  return page.evaluate(
    async ({ tags, exceptions, regionMatcher }) => {
      const rules = Object.fromEntries(exceptions.map((rule) => [rule, { enabled: false }]));
      window.axe.configure({ checks: [{ id: 'region', options: { regionMatcher } }] });
      const results = await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(' '),
          html: node.html.length > 300 ? `${node.html.slice(0, 300)}…` : node.html,
          summary: node.failureSummary ?? '',
        })),
      }));
    },
    { tags: [...AXE_TAGS], exceptions: [...AXE_EXCEPTIONS], regionMatcher: REGION_MATCHER },
  );
}

/** One line per element: the rule, what it asks, the element (selector and markup) and why it fails. */
export function describeViolations(screen: string, width: number, violations: A11yViolation[]): string {
  const lines = [`Accessibility violations on '${screen}' at ${width} px:`];
  for (const violation of violations) {
    lines.push(`  ${violation.rule} (${violation.impact}): ${violation.help}`);
    for (const node of violation.nodes) {
      lines.push(`    element ${node.target}`, `      ${node.html}`);
      if (node.summary) lines.push(`      ${node.summary.replace(/\n\s*/g, ' / ')}`);
    }
  }
  return lines.join('\n');
}

const checked = new Set<string>();

/**
 * Claims a screen for the whole run (every file, both workers): true the first time it is asked.
 * For screens that are the same wherever a journey meets them (sign-in, a role's first overview).
 */
function firstInRun(screen: string): boolean {
  const dir = inject('checkedDir');
  try {
    fs.writeFileSync(path.join(dir, encodeURIComponent(screen)), '', { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Scans the screen at the current width, resizes to the other width (desktop <-> phone), scans
 * again and resizes back; throws with every violation found (rule, element, screen). A screen name
 * is scanned once per test file: journeys name distinct states distinctly ('subject-details',
 * 'subject-details-locked'). `shot()` and `signInThroughScreen()` call this, so every journey that
 * takes a screenshot or signs in is checked with no code of its own.
 */
export async function checkScreen(page: Page, screen: string, { oncePerRun = false } = {}): Promise<void> {
  if (checked.has(screen)) return;
  checked.add(screen);
  if (oncePerRun && !firstInRun(screen)) return;
  const start = page.viewportSize() ?? DESKTOP;
  const other = start.width >= DESKTOP.width ? PHONE : DESKTOP;
  const reports: string[] = [];
  for (const viewport of [start, other]) {
    if (viewport !== start) await page.setViewportSize(viewport);
    const violations = await scanScreen(page);
    if (violations.length > 0) reports.push(describeViolations(screen, viewport.width, violations));
  }
  await page.setViewportSize(start);
  await settle(page);
  if (reports.length > 0) throw new Error(reports.join('\n'));
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
