import { useCallback, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useSetSearchParam } from './search-param.hook';
import { useSearchText } from './search-text.hook';

/**
 * The search box of a list whose words live in the address as ?q= (the store, the articles):
 * `q` is what the list shows, `text` what the box holds, written into the address after a pause
 * (useSearchText) or at once by `searchNow`, the form's submit.
 */
export function useAddressSearch() {
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const setSearchParam = useSetSearchParam();
  // Replacing the history entry: typing is one search, not one entry per pause.
  const setQ = useCallback((wanted: string) => setSearchParam('q', wanted), [setSearchParam]);
  const [text, setText, expectQ] = useSearchText(q, setQ);
  const searchNow = (event: FormEvent) => {
    event.preventDefault();
    expectQ(text.trim());
    setQ(text.trim());
  };
  return { q, text, setText, expectQ, searchNow };
}

export type AddressSearch = ReturnType<typeof useAddressSearch>;
