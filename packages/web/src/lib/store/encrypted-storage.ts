import type { StateStorage } from 'zustand/middleware';

/**
 * Zustand storage that keeps persisted state AES-GCM encrypted in localStorage. The key is a
 * non-extractable Web Crypto key kept in IndexedDB: script on the page can use it but never read it
 * out, and the stored text alone (a copied profile folder, a synced backup, a curious extension
 * reading storage files) reveals nothing. It does not protect against script running in the page.
 */
const DATABASE = 'karm-keys';
const KEY_STORE = 'keys';
const KEY_ID = 'store-key';

const openKeyDatabase = () =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(KEY_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const inKeyStore = <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) =>
  openKeyDatabase().then((database) =>
    new Promise<T>((resolve, reject) => {
      const request = action(database.transaction(KEY_STORE, mode).objectStore(KEY_STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }).finally(() => database.close()),
  );

let keyPromise: Promise<CryptoKey> | undefined;
const storeKey = () => {
  keyPromise ??= (async () => {
    const existing = await inKeyStore<CryptoKey | undefined>('readonly', (store) => store.get(KEY_ID));
    if (existing) return existing;
    const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    await inKeyStore('readwrite', (store) => store.put(created, KEY_ID));
    return created;
  })();
  return keyPromise;
};

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));

export const encryptText = async (plain: string) => {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await storeKey(),
    new TextEncoder().encode(plain),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
};

export const decryptText = async (sealed: string) => {
  const [iv, data] = sealed.split('.');
  if (!iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await storeKey(),
      fromBase64(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    // A value sealed with a key that no longer exists is simply gone.
    return null;
  }
};

/**
 * Writes are asynchronous (encryption), so one begun before a sign-out could land after the
 * storage was wiped. Each sign-out starts a new generation; a write from an older one is dropped.
 */
let generation = 0;
const pendingWrites = new Set<Promise<void>>();

/** Resolves when every write begun so far is on disk (before a reload that must see it). */
export const flushWrites = () => Promise.all([...pendingWrites]).then(() => undefined);

export const encryptedStorage: StateStorage = {
  getItem: async (name) => {
    const sealed = localStorage.getItem(name);
    return sealed ? decryptText(sealed) : null;
  },
  setItem: (name, value) => {
    const startedIn = generation;
    const write = encryptText(value).then((sealed) => {
      if (startedIn === generation) localStorage.setItem(name, sealed);
    });
    pendingWrites.add(write);
    return write.finally(() => pendingWrites.delete(write));
  },
  removeItem: (name) => localStorage.removeItem(name),
};

/**
 * Ends the current generation of stored state and forgets the key, so nothing sealed before can
 * be opened again (used at logout, before the storage is wiped).
 */
export const forgetStorageKey = async () => {
  generation++;
  keyPromise = undefined;
  await inKeyStore('readwrite', (store) => store.delete(KEY_ID)).catch(() => undefined);
};
