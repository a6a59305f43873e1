import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnackbar } from '../shell/snackbar';

/**
 * A list read page by page with "Load more": the infinite query, its rows so far, and a snackbar when a read fails
 * (a failure after the first page keeps the rows on screen, so the snackbar is all that tells of it).
 */
export function usePagedList<T>({
  queryKey,
  fetchPage,
  errorMessage,
}: {
  queryKey: readonly unknown[];
  fetchPage: (nextToken: string | null) => Promise<{ items: readonly T[]; nextToken?: string | null }>;
  errorMessage: string;
}) {
  const snackbar = useSnackbar();
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken ?? undefined,
  });
  useEffect(() => {
    if (pages.isError) snackbar.show({ color: 'error', message: errorMessage });
  }, [pages.isError, snackbar, errorMessage]);
  const items: T[] = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return { pages, items };
}
