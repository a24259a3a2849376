import type { ErrorPayload } from '@karm/domain/contract';
import { create } from 'zustand';

/**
 * SPEC §7: socket errors are also kept in a dialog error store. `lastError` is the latest failed
 * request (for diagnostics); `pushed` is an error the server pushed on its own, shown in a dialog.
 */
type SocketErrorState = {
  lastError: ErrorPayload | null;
  pushed: ErrorPayload | null;
  recordFailure: (error: ErrorPayload) => void;
  showPushed: (error: ErrorPayload) => void;
  dismissPushed: () => void;
};

export const useSocketErrorStore = create<SocketErrorState>()((set) => ({
  lastError: null,
  pushed: null,
  recordFailure: (lastError) => set({ lastError }),
  showPushed: (pushed) => set({ pushed }),
  dismissPushed: () => set({ pushed: null }),
}));
