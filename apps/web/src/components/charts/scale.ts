/**
 * Round ticks covering `min`…`max` and zero: about `count` steps of 1, 2 or 5 × 10^n (whole numbers
 * when `integer`). The first and last ticks are the axis's ends.
 */
export function niceTicks(min: number, max: number, count: number, integer = true): number[] {
  let low = Math.min(0, Number.isFinite(min) ? min : 0);
  let high = Math.max(0, Number.isFinite(max) ? max : 0);
  if (low === high) high = low + 1;
  const raw = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  let step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
  if (integer) step = Math.max(1, Math.round(step));
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let i = 0; low + i * step <= high + step / 1e6; i++) ticks.push(Number((low + i * step).toPrecision(12)));
  return ticks;
}

/** A linear map from `domain` to `range`. */
export function linear([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]) {
  const span = d1 - d0 || 1;
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** About how wide `text` is in pixels at `fontSize` (the charts measure no text: this errs wide). */
export function textWidth(text: string, fontSize: number): number {
  return Math.ceil(text.length * fontSize * 0.55);
}

/** `text`, cut with an ellipsis to fit about `width` pixels. */
export function fitText(text: string, width: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  const chars = Math.max(1, Math.floor(width / (fontSize * 0.55)) - 1);
  return `${text.slice(0, chars).trimEnd()}…`;
}
