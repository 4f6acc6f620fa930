import type { LiveClass } from '@lectern/contract';

/**
 * Starts a class and opens its start address in a new tab. The tab is opened at the click, before
 * the call (a tab opened after an answer arrives is taken for a popup and blocked), then sent to
 * the address; when the browser blocked it anyway, the caller shows the address as a link.
 */
export async function openStartUrl(
  start: () => Promise<{ startUrl: string; liveClass: LiveClass }>,
): Promise<{ url: string | null; blocked: boolean; liveClass: LiveClass | null }> {
  const tab = window.open('', '_blank');
  try {
    const result = await start();
    if (tab && !tab.closed) {
      tab.opener = null;
      tab.location.href = result.startUrl;
      return { url: result.startUrl, blocked: false, liveClass: result.liveClass };
    }
    return { url: result.startUrl, blocked: true, liveClass: result.liveClass };
  } catch {
    tab?.close();
    return { url: null, blocked: false, liveClass: null };
  }
}
