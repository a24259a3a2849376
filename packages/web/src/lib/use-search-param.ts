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
    // null takes the parameter away (a drawer opened by `?open=` closing).
    (value: string | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setSearchParams],
  );
  return [searchParams.get(name), set] as const;
};
