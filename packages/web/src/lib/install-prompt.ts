import { create } from 'zustand';

/** Chrome's and Edge's offer to install the page as an app (not in the DOM's types yet). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = {
  /** The browser's install offer, kept for the download page's "Install Karm" button. */
  offer: BeforeInstallPromptEvent | null;
  /** Installed during this visit (`appinstalled`). */
  isJustInstalled: boolean;
};

export const useInstallStore = create<InstallState>()(() => ({ offer: null, isJustInstalled: false }));

/**
 * The browser fires its install offer once, soon after the page loads — long before anyone opens
 * the download page — so it is caught at start and kept.
 */
export const captureInstallOffer = () => {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallStore.setState({ offer: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () =>
    useInstallStore.setState({ offer: null, isJustInstalled: true }),
  );
};

/** Whether this page runs as the installed app (its own window), not in a browser tab. */
export const isRunningInstalled = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;
