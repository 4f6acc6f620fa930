import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveClass } from '../test/fixtures';
import { HOUR_PX, WeekCalendar } from './week-calendar';

const WEEK = '2026-11-30'; // Monday; the fixture's class is Tuesday 1 December

/** What the calendar's scroll box was scrolled to, in px from its top. */
function scrolledTo(): number[] {
  const box = screen.getByTestId('week-calendar-hours');
  return setScrollTop.mock.calls.filter(([, element]) => element === box).map(([value]) => value);
}
const setScrollTop = vi.fn<(value: number, element: Element) => void>();

function show(classes: ReturnType<typeof liveClass>[]) {
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    setScrollTop(value, this);
  });
  render(<WeekCalendar week={WEEK} classes={classes} today="2026-12-01" onOpen={() => undefined} />);
}

afterEach(() => {
  vi.restoreAllMocks();
  setScrollTop.mockReset();
});

describe('the week calendar', () => {
  it('opens at working hours, not at midnight, when a class of the week starts in the small hours', async () => {
    show([
      // 12:30 AM and 10 AM India: the grid reaches back to 12 AM, but opens at the working day
      liveClass('lc-night', 'Doubt clearing', { startTime: '2026-11-30T19:00:00.000Z' }),
      liveClass('lc-day', 'Kinematics'),
    ]);
    expect(await screen.findByText('12 AM')).toBeTruthy();
    expect(scrolledTo().at(-1)).toBe(8 * HOUR_PX);
  });

  it("opens at the day's first class when that is before 8 AM", () => {
    show([
      liveClass('lc-night', 'Doubt clearing', { startTime: '2026-11-30T19:00:00.000Z' }), // 12:30 AM India
      liveClass('lc-early', 'Morning drill', { startTime: '2026-12-02T02:00:00.000Z' }), // 7:30 AM India
    ]);
    expect(scrolledTo().at(-1)).toBe(7 * HOUR_PX);
  });

  it('opens at 8 AM on a week with no class', () => {
    show([]);
    expect(screen.getByText('8 AM')).toBeTruthy();
    expect(scrolledTo().at(-1) ?? 0).toBe(0);
  });
});
