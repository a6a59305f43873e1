import { lazy, type ReactElement, Suspense } from 'react';

// Issue 28: MUI's tooltip brings its positioning engine (Popper.js, about 10 KB gzip), so the app bar's hints load it
// after the first screen. Until then a button shows without its hint; its name is in its aria-label either way.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** A hover and focus hint on an app-bar button. */
export function Hint({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
