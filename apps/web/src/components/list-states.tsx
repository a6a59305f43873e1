import { Button, Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';

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
