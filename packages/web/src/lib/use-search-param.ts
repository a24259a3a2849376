import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One search parameter as state, so a reload or a shared link opens the same view. Setting it
 * replaces the history entry (switching tabs or records should not fill the Back button) and keeps
 * the other parameters.
 */
export const useSearchParam = (name: string) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = useCallback(
    (value: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setSearchParams],
  );
  return [searchParams.get(name), set] as const;
};
