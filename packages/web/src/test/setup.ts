import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadAllTranslations } from '@/lib/i18n';

// jsdom lacks the browser APIs Mantine relies on.
const noop = () => {};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe = noop;
  unobserve = noop;
  disconnect = noop;
};
// Textarea's autosize listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: noop, removeEventListener: noop, ready: Promise.resolve() },
  });
}
window.HTMLElement.prototype.scrollIntoView = noop;
window.HTMLElement.prototype.scrollTo = noop as HTMLElement['scrollTo'];
Object.defineProperty(window, 'scrollTo', { writable: true, value: noop });
// The tests run in VM contexts (vite.config: pool vmThreads), where jsdom's `performance` is the
// global and has only now(): the planner's render marks (use-planner.ts) need the User Timing part.
if (typeof performance.mark !== 'function') {
  const entries = new Map<string, { name: string; startTime: number }>();
  Object.assign(performance, {
    mark: (name: string) => entries.set(name, { name, startTime: performance.now() }),
    measure: noop,
    clearMarks: (name?: string) => (name === undefined ? entries.clear() : entries.delete(name)),
    getEntriesByName: (name: string) => (entries.has(name) ? [entries.get(name)] : []),
  });
}
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// A `findBy…` waits 1 s by default: on a busy two-core machine (CI runs the suites one after another,
// but a screen's first render there can take seconds) that failed tests whose screen was merely
// slow. Waiting longer costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

// The app loads most texts with the signed-in screens' code; components under test need them at once.
await loadAllTranslations();

// Toasts live in a module-level store: without this, one test's toast shows up in the next.
afterEach(() => {
  cleanup();
  notifications.clean();
});
