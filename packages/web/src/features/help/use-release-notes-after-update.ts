import { isNewerVersion } from '@karm/domain/rules';
import { useEffect, useRef, useState } from 'react';
import { RUNNING_VERSION } from '@/lib/app-version';
import { request } from '@/lib/socket';
import { useAuthStore } from '@/lib/store/auth-store';

/**
 * Opens the release notes once after an update: when the version this browser runs is newer than the
 * last one the user has seen (kept in their profile on the server, so another browser does not show
 * them again). Someone who never had a last seen version is new to Karm: the running version is
 * recorded without showing anything. Returns the dialog's state, which the header's "What's new"
 * opens too.
 */
export const useReleaseNotesAfterUpdate = () => {
  const [isOpen, setOpen] = useState(false);
  const userId = useAuthStore((state) => state.user?.id);
  const lastSeen = useAuthStore((state) => state.user?.profile.lastSeenVersion);
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || recorded.current === userId) return;
    if (lastSeen && !isNewerVersion(RUNNING_VERSION, lastSeen)) return;
    recorded.current = userId;
    if (lastSeen) setOpen(true);
    // Recorded at once, not on close: a reload or another tab must not show the notes a second time.
    void request('user:update-profile', { lastSeenVersion: RUNNING_VERSION }).then(
      (user) => useAuthStore.getState().setUser(user),
      () => {
        recorded.current = null;
      },
    );
  }, [userId, lastSeen]);

  return { isOpen, open: () => setOpen(true), close: () => setOpen(false) };
};
