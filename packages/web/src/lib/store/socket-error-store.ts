import type { ErrorPayload } from '@karm/domain/contract';
import { create } from 'zustand';

/**
 * SPEC §7: socket errors are also kept in a dialog error store. `lastError` is the latest failed
 * request (for diagnostics); `pushed` is an error the server pushed on its own, shown in a dialog.
 */
type SocketErrorState = {
  lastError: ErrorPayload | null;
  /** When `lastError` happened (ms since the epoch): a dialog offers to report failures since it opened. */
  lastErrorAt: number;
  pushed: ErrorPayload | null;
  recordFailure: (error: ErrorPayload) => void;
  showPushed: (error: ErrorPayload) => void;
  dismissPushed: () => void;
};

export const useSocketErrorStore = create<SocketErrorState>()((set) => ({
  lastError: null,
  lastErrorAt: 0,
  pushed: null,
  recordFailure: (lastError) => set({ lastError, lastErrorAt: Date.now() }),
  showPushed: (pushed) => set({ pushed }),
  dismissPushed: () => set({ pushed: null }),
}));
