import { create, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { encryptedStorage } from './encrypted-storage';

const STORE_PREFIX = 'karm:';

/** Every store that lives across reloads is made here: one prefix, one encrypted storage. */
export const createPersistedStore = <State>(name: string, initializer: StateCreator<State>) =>
  create<State>()(
    persist(initializer, {
      name: `${STORE_PREFIX}${name}`,
      storage: createJSONStorage(() => encryptedStorage),
    }),
  );
