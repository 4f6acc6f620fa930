import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import { CONSTANTS, MESSAGES } from '@lectern/contract';
import { LiveAlert } from './live-region';

/** A banner: an alert shown at the top of the page content. */
export interface BannerMessage {
  severity: AlertColor;
  message?: string;
}

interface BannerState {
  id: number;
  severity: AlertColor;
  message: string;
}

interface BannerApi {
  showBanner: (banner: BannerMessage) => void;
  closeBanner: () => void;
}

const BannerContext = createContext<BannerApi | null>(null);
const BannerStateContext = createContext<BannerState | null>(null);

/** Holds the current banner; success and info banners hide after 6000 ms (spec 1 §8), others stay until closed. */
export function BannerProvider({ children }: { children: ReactNode }) {
  const [banner, setBanner] = useState<BannerState | null>(null);
  const showBanner = useCallback((next: BannerMessage) => {
    setBanner((previous) => ({
      id: (previous?.id ?? 0) + 1,
      severity: next.severity,
      message: next.message ?? (next.severity === 'error' ? MESSAGES.generic : MESSAGES.defaultSuccess),
    }));
  }, []);
  const closeBanner = useCallback(() => setBanner(null), []);
  const api = useMemo(() => ({ showBanner, closeBanner }), [showBanner, closeBanner]);
  return (
    <BannerContext.Provider value={api}>
      <BannerStateContext.Provider value={banner}>{children}</BannerStateContext.Provider>
    </BannerContext.Provider>
  );
}

export function useBanner(): BannerApi {
  const api = useContext(BannerContext);
  if (!api) throw new Error('useBanner needs a BannerProvider');
  return api;
}

/** Where the banner shows: place it at the top of the page content. Screen readers read it as it appears (LiveAlert). */
export function BannerOutlet() {
  const banner = useContext(BannerStateContext);
  const api = useContext(BannerContext);
  const closeBanner = api?.closeBanner;
  const autoHide = banner !== null && (banner.severity === 'success' || banner.severity === 'info');

  useEffect(() => {
    if (!autoHide || !closeBanner) return;
    const timer = setTimeout(closeBanner, CONSTANTS.bannerAutoHideMs);
    return () => clearTimeout(timer);
  }, [autoHide, closeBanner, banner?.id]);

  return (
    <Collapse in={banner !== null} unmountOnExit>
      {banner && (
        <LiveAlert key={banner.id} severity={banner.severity} onClose={closeBanner} sx={{ mb: 2 }}>
          {banner.message}
        </LiveAlert>
      )}
    </Collapse>
  );
}
