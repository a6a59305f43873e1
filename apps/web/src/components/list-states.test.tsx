import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../shell/test-utils';
import { PagedList } from './list-states';

const texts = { error: 'Could not load', retry: 'Retry', loading: 'Loading', loadMore: 'Load more' };
const query = (over: Partial<Parameters<typeof PagedList>[0]['pages']> = {}) => ({
  isError: false,
  isPending: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  refetch: vi.fn(),
  fetchNextPage: vi.fn(),
  ...over,
});
const list = (pages: ReturnType<typeof query>, count: number) => (
  <PagedList pages={pages} count={count} texts={texts} rowHeight={52} empty={<p>Nothing yet</p>}>
    <ul aria-label="Rows" />
  </PagedList>
);

describe('PagedList', () => {
  it('shows the error with Retry while nothing has loaded, then the busy rows, the empty state or the rows', () => {
    const failed = query({ isError: true });
    const { rerender } = renderInShell(list(failed, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(failed.refetch).toHaveBeenCalled();
    expect(screen.getByText('Could not load')).toBeVisible();

    rerender(list(query({ isPending: true }), 0));
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveAttribute('aria-busy', 'true');

    rerender(list(query(), 0));
    expect(screen.getByText('Nothing yet')).toBeVisible();

    // A failed next page keeps the rows already read.
    rerender(list(query({ isError: true }), 3));
    expect(screen.getByRole('list', { name: 'Rows' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers "Load more" while there is a next page', () => {
    const more = query({ hasNextPage: true });
    renderInShell(list(more, 3));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(more.fetchNextPage).toHaveBeenCalled();
  });
});
