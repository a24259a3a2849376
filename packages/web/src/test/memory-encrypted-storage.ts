/**
 * A stand-in for `@/lib/store/encrypted-storage` in jsdom tests (no Web Crypto key there):
 * `vi.mock('@/lib/store/encrypted-storage', () => import('@/test/memory-encrypted-storage'))`.
 */
const memory = new Map<string, string>();

export const encryptedStorage = {
  getItem: (name: string) => memory.get(name) ?? null,
  setItem: (name: string, value: string) => void memory.set(name, value),
  removeItem: (name: string) => void memory.delete(name),
};
export const flushWrites = async () => {};
export const forgetStorageKey = async () => {};
