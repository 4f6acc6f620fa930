import { useState } from 'react';

/**
 * The width a classic (always shown) scrollbar takes in this browser, 0 where scrollbars overlay the
 * content (phones, macOS by default). Measured once, on a probe box that always scrolls.
 */
function measureScrollbarWidth(): number {
  if (typeof document === 'undefined' || !document.body) return 0;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-200px;width:100px;height:100px;overflow:scroll;visibility:hidden';
  document.body.append(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return Math.max(0, width);
}

/** measureScrollbarWidth, once per component. */
export function useScrollbarWidth(): number {
  const [width] = useState(measureScrollbarWidth);
  return width;
}
