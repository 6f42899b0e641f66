import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { LoadError } from './load-error';

/** The parts of a paged query (TanStack Query's infinite query) that a list shows. */
interface Pages {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface PagedListProps {
  pages: Pages;
  /** What the list holds, in the plural: 'products'. */
  what: string;
  /** The list's shape while its first page loads. */
  loading: ReactNode;
  isEmpty: boolean;
  /** In place of a list that holds nothing. */
  empty: ReactNode;
  /** The Load more button's own style, where the page sets one. */
  moreButtonSx?: SxProps<Theme>;
  /** The items of the pages loaded so far. */
  children: ReactNode;
}

/**
 * A list that arrives a page at a time: its shape while the first page loads, what went wrong
 * with a Retry, what to show when it is empty, and under the items Load more while there are
 * further pages, with a word when one fails.
 */
export function PagedList({
  pages,
  what,
  loading,
  isEmpty,
  empty,
  moreButtonSx,
  children,
}: PagedListProps) {
  if (pages.isPending) return loading;
  if (pages.isError) {
    return (
      <LoadError what={`The ${what}`} error={pages.error} onRetry={() => void pages.refetch()} />
    );
  }
  if (isEmpty) return empty;
  return (
    <>
      {children}
      {pages.isFetchNextPageError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          More {what} could not be loaded. Try again.
        </Alert>
      )}
      {pages.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            size="large"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
            sx={moreButtonSx}
          >
            Load more
          </Button>
        </Box>
      )}
    </>
  );
}
