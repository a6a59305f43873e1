import { Fab, Stack, type SvgIconProps, Tab, Tabs, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';

/** A list page's heading (an h2 under the app bar's h1) with its actions at the end of the row. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** A list page's filters: stacked on a phone, one row from md. */
export function FilterRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
      {children}
    </Stack>
  );
}

/** The Active / Archived tabs above a list. */
export function ArchiveTabs({
  active,
  onChange,
  label,
  activeLabel,
  archivedLabel,
}: {
  active: boolean;
  onChange: (active: boolean) => void;
  label: string;
  activeLabel: string;
  archivedLabel: string;
}) {
  return (
    <Tabs value={active ? 'active' : 'archived'} onChange={(_e, v) => onChange(v === 'active')} aria-label={label}>
      <Tab value="active" label={activeLabel} />
      <Tab value="archived" label={archivedLabel} />
    </Tabs>
  );
}

/** A phone's floating "new" button, clear of the home indicator; desktops put the action in the PageHeader. */
export function CreateFab({ icon: Icon, label, onClick }: { icon: ComponentType<SvgIconProps>; label: string; onClick: () => void }) {
  return (
    <Fab
      variant="extended"
      color="primary"
      onClick={onClick}
      sx={{ position: 'fixed', right: 16, bottom: 'calc(16px + env(safe-area-inset-bottom))', zIndex: 'speedDial' }}
    >
      <Icon sx={{ mr: 1 }} />
      {label}
    </Fab>
  );
}
