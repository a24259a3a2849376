import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { recordRecentAction } from '@/lib/recent-actions';

/** Keeps the screens the person opens (paths only) for "Send error to administrator". */
export const RouteRecorder = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    recordRecentAction('route', pathname);
  }, [pathname]);
  return null;
};
