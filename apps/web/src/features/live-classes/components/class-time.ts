import { formatIndiaSpan } from '@lectern/contract';

// Classes are scheduled and shown in India time (UTC+05:30, no daylight saving), whatever the
// browser's own zone: staff across the country read the same times.

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The India calendar day and clock time of an instant: { day: 'YYYY-MM-DD', time: 'HH:mm' }. */
export function indiaParts(value: string | number | Date): { day: string; time: string; minutes: number } {
  const shifted = new Date(new Date(value).getTime() + IST_OFFSET_MS);
  const minutes = shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
  return {
    day: shifted.toISOString().slice(0, 10),
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
    minutes,
  };
}

/** The instant of an India day and time, as ISO with its offset ('2026-12-01T10:00:00+05:30'); null when unreadable. */
export function fromIndia(day: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const iso = `${day}T${time}:00+05:30`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** The first instant of an India day (its midnight), in ms. */
export function indiaDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00+05:30`);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(indiaDayStart(day) + days * DAY_MS + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Monday of the India week holding `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Today in India. */
export function indiaToday(now: number = Date.now()): string {
  return indiaParts(now).day;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const longDayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** 'Mon, 30 Nov' for a day ('YYYY-MM-DD'). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(indiaDayStart(day) + 12 * 3600_000));
}

/** 'Monday, 30 November 2026' for a day. */
export function formatLongDay(day: string): string {
  return longDayFormat.format(new Date(indiaDayStart(day) + 12 * 3600_000));
}

/** 'Mon, 30 Nov, 10:00 AM to 11:00 AM' for a class. */
export function formatClassTime(startTime: string, endTime: string): string {
  const span = formatIndiaSpan(startTime, endTime);
  return `${span.start} to ${span.end}`;
}

/** '2 d 3 h', '1 h 05 min', '4 min 09 s': how long until an instant. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${minutes} min ${pad(seconds)} s`;
}
