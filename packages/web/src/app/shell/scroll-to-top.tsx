import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC §2: every navigation starts at the top-left of the page. */
export const ScrollToTop = () => {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the reaction to a new location
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, search]);
  return null;
};
