/**
 * The duration of a video file in whole seconds, read from its metadata by a <video> element (spec 1
 * §7: the browser reads it before registration). 0 when the browser cannot read it (an unknown codec,
 * a damaged file) or takes longer than `timeoutMs`.
 */
export function readVideoDuration(file: Blob, timeoutMs = 15_000): Promise<number> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(0);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (seconds: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0);
    };
    const timer = setTimeout(() => finish(0), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(video.duration);
    video.onerror = () => finish(0);
    video.src = url;
  });
}
