import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedList } from './paged-list';

/** A paged query with its first page loaded and no other. */
function loaded(overrides: Partial<Parameters<typeof PagedList>[0]['pages']> = {}) {
  return {
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    ...overrides,
  };
}

function renderList(pages: ReturnType<typeof loaded>, isEmpty = false) {
  render(
    <PagedList
      pages={pages}
      what="products"
      loading={<p>Loading the shelves</p>}
      isEmpty={isEmpty}
      empty={<p>Nothing on the shelves</p>}
    >
      <ul aria-label="Products">
        <li>Oximeter</li>
      </ul>
    </PagedList>,
  );
}

describe('a list that arrives a page at a time', () => {
  it('shows its loading shape until the first page, then the items', () => {
    renderList(loaded({ isPending: true }));
    expect(screen.getByText('Loading the shelves')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
  });

  it('says the list could not be loaded, and Retry asks again', async () => {
    const pages = loaded({ isError: true, error: new Error('offline') });
    renderList(pages);
    expect(screen.getByText('The products could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(pages.refetch).toHaveBeenCalledOnce();
  });

  it('shows what stands in for an empty list, without Load more', () => {
    renderList(loaded({ hasNextPage: true }), true);
    expect(screen.getByText('Nothing on the shelves')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers Load more only while there are further pages, and asks for the next one', async () => {
    const pages = loaded({ hasNextPage: true });
    renderList(pages);
    expect(screen.getByRole('list', { name: 'Products' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(pages.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('says when a further page failed, and keeps the items already shown', () => {
    renderList(loaded({ hasNextPage: true, isFetchNextPageError: true }));
    expect(screen.getByText('More products could not be loaded. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });
});
