/** The ring moves at most this often. */
export const PROGRESS_INTERVAL_MS = 200;

/**
 * Starts uploads while fewer than `maxFiles` run: `next` names the next row to start (or none),
 * `run` uploads it; each finished run starts the next.
 */
export class UploadScheduler {
  private active = 0;

  constructor(
    private readonly maxFiles: number,
    private readonly next: () => string | undefined,
    private readonly run: (uuid: string) => Promise<void>,
  ) {}

  pump(): void {
    while (this.active < this.maxFiles) {
      const uuid = this.next();
      if (!uuid) return;
      this.active++;
      void this.run(uuid).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }
}

/**
 * The percentage to show for `loaded` of `total`, or null to leave the ring as it is: at most a few
 * repaints a second (every render takes time from the upload itself), but always 100.
 */
export function repaintThrottle() {
  let lastProgress = 0;
  return (shown: number, loaded: number, total: number, now: number): number | null => {
    const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
    if (percent === shown || (now - lastProgress < PROGRESS_INTERVAL_MS && percent !== 100)) return null;
    lastProgress = now;
    return percent;
  };
}
