import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { installSessionListeners } from './app/session-listeners';
import { useNewVersionStore } from './app/shell/new-version-store';
import { installGlobalErrorHandlers } from './components/error-boundary/global-error-handlers';
import { captureInstallOffer } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import { adoptSession } from './lib/session';
import { socket } from './lib/socket';
import { authStoreHydrated, useAuthStore } from './lib/store/auth-store';

installGlobalErrorHandlers();
installSessionListeners((to) => router.navigate(to));
captureInstallOffer();
// The installable client: a worker with a newer build waiting shows the new-version notice too.
void registerServiceWorker(() => useNewVersionStore.getState().setAvailable());
// A stored session connects at once (the server joins it to its rooms, or says it has ended).
// Without one the connection, and Socket.IO's code, wait for the sign-in form (lib/socket).
void authStoreHydrated().then(() => {
  if (useAuthStore.getState().accessToken) void socket.connect();
});

// The end-to-end tests sign in over the API and hand the token in here (see lib/session), and walk
// the app's screens as a link would open them, without loading the page anew.
Object.assign(window, { karm: { adoptSession, navigate: (to: string) => router.navigate(to) } });

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
