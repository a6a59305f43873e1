import { Box, Button, Card, CardActionArea, CardContent, Skeleton, Stack, type SvgIconProps, Typography } from '@mui/material';
import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { RetryAlert } from './retry-alert';

/** A list's first load: three placeholder rows, announced as busy under the given label. */
export function LoadingRows({ label, height }: { label: string; height: number }) {
  return (
    <Stack spacing={1} aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

/** A paged list's "Load more", spinning while the next page comes. */
export function LoadMoreButton({ onClick, loading, children }: { onClick: () => void; loading: boolean; children: ReactNode }) {
  return (
    <Button variant="outlined" onClick={onClick} loading={loading} sx={{ alignSelf: 'center' }}>
      {children}
    </Button>
  );
}

/** An empty list's icon and heading, with a body only when the reader has not filtered it. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  spacing = 1,
  testId,
}: {
  icon: ComponentType<SvgIconProps>;
  title: string;
  body?: string;
  spacing?: number;
  testId?: string;
}) {
  return (
    <Stack spacing={spacing} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }} data-testid={testId}>
      <Icon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {body && (
        <Typography variant="body2" color="text.secondary">
          {body}
        </Typography>
      )}
    </Stack>
  );
}

/** The card lists' usual columns: one on a phone, two from md, three from xl. */
export const CARD_COLUMNS = { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' };

/** The same columns for cards whose long texts ellipsize: a column may shrink below its content's width. */
export const SHRINKING_CARD_COLUMNS = { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' };

/** A labelled <ul> laid out as a grid of cards; the caller renders the <li>s. */
export function CardGrid({
  label,
  gap = 1.5,
  columns,
  children,
}: {
  label: string;
  gap?: number;
  columns?: string | Partial<Record<Breakpoint, string>>;
  children: ReactNode;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap, gridTemplateColumns: columns }}>
      {children}
    </Box>
  );
}

/**
 * One <li> card of a CardGrid. With onOpen the whole card is one button that opens the record; without it (a reader
 * who may not edit) it is plain text. fullHeight stretches the card to its grid row.
 */
export function CardItem({
  onOpen,
  fullHeight,
  contentSx,
  children,
}: {
  onOpen?: () => void;
  fullHeight?: boolean;
  contentSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const fill = fullHeight ? { height: '100%' } : undefined;
  const content = <CardContent sx={contentSx}>{children}</CardContent>;
  return (
    <Box component="li">
      <Card variant="outlined" sx={fill}>
        {onOpen ? (
          <CardActionArea onClick={onOpen} sx={fill}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </Box>
  );
}

/** What a paged list needs of its infinite query. */
type PagedQuery = {
  isError: boolean;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
};

/**
 * A paged list's states in one place: the error with Retry while nothing has loaded, the busy rows on the first load,
 * the empty state, else the rows; and "Load more" while there is a next page. Texts come translated from the caller.
 */
export function PagedList({
  pages,
  count,
  texts,
  rowHeight,
  empty,
  children,
}: {
  pages: PagedQuery;
  count: number;
  texts: { error: string; retry: string; loading: string; loadMore: string };
  rowHeight: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {pages.isError && count === 0 ? (
        <RetryAlert retryLabel={texts.retry} onRetry={() => void pages.refetch()}>
          {texts.error}
        </RetryAlert>
      ) : pages.isPending ? (
        <LoadingRows label={texts.loading} height={rowHeight} />
      ) : count === 0 ? (
        empty
      ) : (
        children
      )}
      {pages.hasNextPage && (
        <LoadMoreButton onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {texts.loadMore}
        </LoadMoreButton>
      )}
    </>
  );
}
