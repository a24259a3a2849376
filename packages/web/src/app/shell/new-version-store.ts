import { create } from 'zustand';

/** Set when the server serves another build than the one loaded (SPEC §4 new-version notice). */
export const useNewVersionStore = create<{ isAvailable: boolean; setAvailable: () => void }>()((set) => ({
  isAvailable: false,
  setAvailable: () => set({ isAvailable: true }),
}));
