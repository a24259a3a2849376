/**
 * The translation namespaces the sign-in page needs. They come with the page (lib/i18n) in a chunk
 * of their own (vite.config.ts); every other namespace loads with the signed-in app.
 */
export const SIGN_IN_NAMESPACES = ['common', 'auth', 'errors', 'validation', 'components'] as const;
