/**
 * The installable client's service worker (vite.config.ts `installableClient`): registered in built
 * apps only, so development and the component tests run without one.
 *
 * A new build's worker installs in the background and then waits: the new-version notice (SPEC §4)
 * asks the user, and only their reload lets it take over — so an open tab keeps loading its chunks
 * from the build it started with, never a mix of two builds.
 */
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
let registration: ServiceWorkerRegistration | undefined;

/** After the page has loaded: the worker's code and its downloads never compete with the first screen. */
const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

export const registerServiceWorker = async (onNewVersion: () => void) => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  await pageLoaded();
  const { registerSW } = await import('virtual:pwa-register');
  updateServiceWorker = registerSW({
    onNeedRefresh: onNewVersion,
    onRegisteredSW: (_url, registered) => {
      registration = registered;
    },
  });
};

/** Resolves once a worker that is being installed has finished (installed, or failed and gone). */
const installed = (worker: ServiceWorker) =>
  new Promise<void>((resolve) => {
    if (worker.state !== 'installing') resolve();
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') resolve();
    });
  });

/**
 * Loads the newest build. The server may have told us before the worker noticed: ask the worker to
 * look for its new version, let it finish installing (it downloads the new build), and let it take
 * over, which reloads the page; without a worker a plain reload does.
 */
export const reloadToNewVersion = async () => {
  if (registration && updateServiceWorker) {
    await registration.update().catch(() => undefined);
    if (registration.installing) await installed(registration.installing);
    if (registration.waiting) {
      await updateServiceWorker(true);
      return;
    }
  }
  window.location.reload();
};
