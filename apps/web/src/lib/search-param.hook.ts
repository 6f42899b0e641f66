import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets one query parameter of the address, or removes it when the value is empty, keeping the
 * others: how list screens keep their search and filters in the address (so back, forward and a
 * shared link show the same list). Replaces the history entry unless told otherwise.
 */
export function useSetSearchParam() {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (name: string, value: string | undefined, { replace = true }: { replace?: boolean } = {}) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );
}
