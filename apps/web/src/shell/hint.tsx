import { Tooltip } from '@mui/material';
import type { ReactElement } from 'react';

// A lazily loaded tooltip (tried for issue 28) swapped the button under it when its code arrived, and a tap at that
// moment was lost; the app bar's hints load with the app bar.
/** A hover and focus hint on an app-bar button. */
export function Hint({ title, children }: { title: string; children: ReactElement }) {
  return <Tooltip title={title}>{children}</Tooltip>;
}
