import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTenant } from '../lib/storage';

/** Renders its children with the selected company, or the given notice while there is none. */
export function TenantGate({ noTenant, children }: { noTenant: string; children: (tenant: string) => ReactNode }) {
  const tenant = useTenant();
  return tenant ? children(tenant) : <Alert severity="info">{noTenant}</Alert>;
}
