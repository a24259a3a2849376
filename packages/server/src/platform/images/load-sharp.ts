type Sharp = typeof import('sharp')['default'];

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded with the first picture rather than at every start (it brings a native image
 * library), with libvips's operation cache off: each picture here is read once, so the cache (up to
 * 50 MB and 100 operations by default) would only hold memory in a server that runs for weeks.
 */
export const loadSharp = (): Promise<Sharp> =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
