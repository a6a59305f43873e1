import { insuranceLapsed } from '@groundwork/core/ordering';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_COLUMNS, CardGrid, CardItem } from '../../components/list-states';
import { localToday } from '../../lib/dates';
import type { Vendor } from './api';
import { VendorDialog } from './catalogue-dialogs';

/** The vendors tab: each active vendor with contact and insurance; vendor admins add and edit them. */
export function Vendors({
  tenant,
  admin,
  vendors,
  failed,
}: {
  tenant: string;
  admin: boolean;
  vendors: Vendor[] | undefined;
  failed: boolean;
}) {
  const { t, i18n } = useTranslation('ordering');
  const [open, setOpen] = useState<{ vendor: Vendor | null } | null>(null);
  const list = (vendors ?? []).filter((v) => v.status === 1);
  return (
    <Stack spacing={2}>
      {admin && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ vendor: null })} sx={{ alignSelf: 'flex-end' }}>
          {t('vendors.add')}
        </Button>
      )}
      {failed && <Alert severity="error">{t('messages.fetchVendors')}</Alert>}
      {!vendors && !failed && <Skeleton variant="rounded" height={120} />}
      {vendors && list.length === 0 && (
        <Typography variant="body1" sx={{ textAlign: 'center', py: 4 }}>
          {t('vendors.emptyTitle')}
        </Typography>
      )}
      <CardGrid label={t('vendors.label')} columns={CARD_COLUMNS}>
        {list.map((v) => {
          const lapsed = insuranceLapsed(v.insurance_expires, localToday());
          return (
            <CardItem key={v.id} onOpen={admin ? () => setOpen({ vendor: v }) : undefined} fullHeight>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {v.name}
                </Typography>
                {lapsed && <Chip size="small" color="warning" label={t('vendors.lapsed')} />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {[v.contact_name, v.phone].filter(Boolean).join(' · ')}
              </Typography>
              {v.emails && (
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {v.emails}
                </Typography>
              )}
              {v.insurance_expires && (
                <Typography variant="caption" color={lapsed ? 'warning.main' : 'text.secondary'}>
                  {t('vendors.insurance')}: {new Date(`${v.insurance_expires}T12:00:00`).toLocaleDateString(i18n.language)}
                </Typography>
              )}
            </CardItem>
          );
        })}
      </CardGrid>
      {open && <VendorDialog tenant={tenant} vendor={open.vendor} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
