import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { settle } from './accessibility';

/**
 * Keyboard helpers of the browser journeys: Tab through a screen checking at every stop that the
 * focus can be seen, find a control by tabbing to it, and check that a dialog or drawer keeps the
 * focus in and gives it back. See docs/accessibility.md.
 */

export interface FocusState {
  /** what has focus, for messages: its tag and name */
  what: string;
  /** why the focus cannot be seen, or null when it can */
  problem: string | null;
}

/**
 * Where the focus is and whether a person can see it: the focused element (or, for a checkbox, radio
 * or switch, MUI's marked wrapper) draws an outline of 2 px or more, or a text field draws its
 * focused border; and it is in the window, not under the fixed top bar.
 */
export async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement;
    // past the last stop of the page Tab goes to the browser's own controls, then round to the first
    if (!element || element === document.body) return { what: 'the end of the page', problem: null };
    const name =
      element.getAttribute('aria-label') ?? element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) ?? '';
    const what = `<${element.tagName.toLowerCase()}> '${name}'`;
    const outlined = (node: Element | null): boolean => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && Number(style.opacity) > 0;
    };
    const field = element.closest('.MuiInputBase-root.Mui-focused');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    const fieldShows = border ? parseFloat(getComputedStyle(border).borderTopWidth) >= 2 : false;
    if (!outlined(element) && !outlined(element.closest('.Mui-focusVisible')) && !fieldShows) {
      return { what, problem: 'no visible focus indicator' };
    }
    const box = element.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth) {
      return { what, problem: 'focused outside the window' };
    }
    // what is drawn at the middle of it: the fixed top bar must not cover it
    const bar = document.querySelector('header.MuiAppBar-root');
    const middle = document.elementFromPoint(
      Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1),
      Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1),
    );
    if (bar && middle && bar.contains(middle) && !bar.contains(element)) {
      return { what, problem: 'hidden under the top bar' };
    }
    return { what, problem: null };
  });
}

/** Presses Tab (or Shift+Tab) and fails unless the new focus can be seen. */
export async function tab(page: Page, { back = false } = {}): Promise<FocusState> {
  await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  const state = await focusState(page);
  if (state.problem) throw new Error(`After ${back ? 'Shift+Tab' : 'Tab'}, focus on ${state.what}: ${state.problem}`);
  return state;
}

/** Whether `target` (any of its matches) has focus. */
export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/**
 * Tabs forward (or back with `back`) until `target` has focus, checking every stop on the way; fails
 * after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  const passed: string[] = [];
  for (let press = 0; press < max; press++) {
    passed.push((await tab(page, { back })).what);
    if (await isFocused(target)) return;
  }
  throw new Error(
    `${target} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; passed ${passed.join(', ')}`,
  );
}

/**
 * Checks that a modal layer (dialog or drawer) holds the focus: it starts inside, and `presses`
 * Tab presses forward then back never leave it.
 */
export async function expectFocusTrapped(page: Page, layer: Locator, presses = 12): Promise<void> {
  await settle(page);
  const inside = () => layer.evaluate((element) => element.contains(document.activeElement));
  if (!(await inside())) throw new Error(`${layer} opened without taking the focus`);
  for (let press = 0; press < presses * 2; press++) {
    const state = await tab(page, { back: press >= presses });
    if (!(await inside())) throw new Error(`Tab left ${layer} for ${state.what}`);
  }
}

/** Closes a modal layer with Escape and checks that the focus went back to what opened it. */
export async function expectEscapeReturnsFocus(page: Page, layer: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await layer.waitFor({ state: 'hidden' });
  for (let wait = 0; wait < 20 && !(await isFocused(opener)); wait++) await page.waitForTimeout(50);
  if (!(await isFocused(opener))) {
    throw new Error(`After Escape, focus is on ${(await focusState(page)).what}, not on ${opener}`);
  }
  const state = await focusState(page);
  if (state.problem) throw new Error(`After Escape, focus on ${state.what}: ${state.problem}`);
}

/** The text of dnd-kit's live regions, where it announces each step of a drag (lifted, over, dropped). */
async function dragAnnouncement(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion"]')].map((region) => region.textContent ?? '').join(' | '),
  );
}

/**
 * Drags the focused handle from the keyboard (Space lifts, arrows move, Space drops), each key once
 * the last is answered: dnd-kit announces every step in its live region, and the rows have slid into
 * place (settle) before the next key, as a person waits to see the row move.
 */
export async function dragByKeys(page: Page, keys: string[]): Promise<void> {
  for (const key of keys) {
    const before = await dragAnnouncement(page);
    await page.keyboard.press(key);
    await expect.poll(() => dragAnnouncement(page), { message: `dnd-kit announces what ${key} did` }).not.toBe(before);
    await settle(page);
  }
}
