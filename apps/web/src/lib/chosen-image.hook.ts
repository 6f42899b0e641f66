import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';

export interface ChosenImage {
  file: File;
  previewUrl: string;
}

/**
 * A picture chosen in a file input, with a preview address. `problemOf` says why a file cannot be
 * used (its type or size), before anything is sent; `onProblem` hears it, or null once a usable
 * file is chosen. The preview's object URL holds the file in memory, so it is revoked when the
 * choice changes and when the component goes.
 */
export function useChosenImage(
  problemOf: (file: File) => string | null | undefined,
  onProblem: (problem: string | null) => void,
) {
  const [chosen, setChosen] = useState<ChosenImage | null>(null);
  const previewUrl = useRef<string | null>(null);
  const replace = useCallback((next: ChosenImage | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = next?.previewUrl ?? null;
    setChosen(next);
  }, []);
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire change again.
    event.target.value = '';
    if (!file) return;
    const problem = problemOf(file);
    if (problem) {
      replace(null);
      onProblem(problem);
      return;
    }
    onProblem(null);
    replace({ file, previewUrl: URL.createObjectURL(file) });
  };

  return { chosen, choose, clear: () => replace(null) };
}
