import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The text of a search box that writes its words into the address after a short pause in typing,
 * so the address always says what is shown, and back and forward bring earlier searches into the
 * box. `setQ` must be stable. Answers the text, its setter, and `expectQ`, which a screen calls
 * before it changes `q` in the address itself (a submit, a Clear button).
 */
export function useSearchText(q: string, setQ: (q: string) => void, pauseMs = 300) {
  const [text, setText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  // The q this box last asked for. When it arrives it is not news: the person may have typed on
  // while the address changed, and that text must not be replaced by what they typed before.
  const requested = useRef<string | null>(null);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== requested.current && q !== text.trim()) setText(q);
  }
  useEffect(() => {
    requested.current = null;
  }, [q]);

  const expectQ = useCallback((wanted: string) => {
    requested.current = wanted;
  }, []);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = window.setTimeout(() => {
      expectQ(wanted);
      setQ(wanted);
    }, pauseMs);
    return () => window.clearTimeout(timer);
  }, [text, q, setQ, pauseMs, expectQ]);
  return [text, setText, expectQ] as const;
}
