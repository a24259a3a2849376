import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
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
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// The app loads most texts with the signed-in screens' code; components under test need them at once.
await loadAllTranslations();

// Toasts live in a module-level store: without this, one test's toast shows up in the next.
afterEach(() => {
  cleanup();
  notifications.clean();
});
