/**
 * mantine-datatable shows a cell while `matchMedia(column.visibleMediaQuery ?? '')` matches; the
 * shared jsdom stub matches nothing, which would hide every cell. An empty query matches in browsers.
 * Call in `beforeAll`.
 */
export const matchEmptyMediaQuery = () => {
  const stub = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...stub(query), matches: query === '' });
};
