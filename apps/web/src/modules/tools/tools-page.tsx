import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { TenantGate } from '../../components/tenant-gate';
import { useSnackbar } from '../../shell/snackbar';
import { AddToolDialog } from './add-tool-dialog';
import * as api from './api';
import { Containers } from './containers-tab';
import { Reservations } from './reservations-tab';
import { ScanDialog } from './scan-dialog';
import { ToolDialog } from './tool-dialog';
import { ToolList } from './tool-list';
import { errorText } from './tools-shared';

/** /modules/tool20: tools, containers, reservations; scan or type a tool number on a phone. */
export function ToolsPage() {
  const { t } = useTranslation('tools');
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantTools tenant={tenant} />}</TenantGate>
    </Stack>
  );
}

function TenantTools({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('tools');
  const admin = useCan('tools', 'write');
  const [tab, setTab] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const [scan, setScan] = useState(false);
  const [adding, setAdding] = useState(false);
  const [containerFilter, setContainerFilter] = useState<number | ''>('');
  const snackbar = useSnackbar();

  const printLabels = async () => {
    try {
      const b64 = await api.labelSheet({ tenant_uuid: tenant, lang: i18n.language.startsWith('es') ? 'es' : 'en' });
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'tool-labels.pdf';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      snackbar.show({ color: 'error', message: errorText(e, t('messages.fetchError')) });
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<QrCodeScannerIcon />} onClick={() => setScan(true)}>
          {t('scan.open')}
        </Button>
        <Button variant="outlined" onClick={printLabels}>
          {t('labels')}
        </Button>
        {admin && (
          <Button variant="outlined" onClick={() => setAdding(true)}>
            {t('add.open')}
          </Button>
        )}
      </Stack>
      {adding && <AddToolDialog tenant={tenant} onClose={() => setAdding(false)} />}
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label={t('title')} variant="scrollable">
        <Tab label={t('tabs.tools')} />
        <Tab label={t('tabs.containers')} />
        <Tab label={t('tabs.reservations')} />
      </Tabs>
      {tab === 0 && (
        <ToolList tenant={tenant} admin={admin} onOpen={setOpen} container={containerFilter} setContainer={setContainerFilter} />
      )}
      {tab === 1 && (
        <Containers
          tenant={tenant}
          admin={admin}
          onView={(id) => {
            setContainerFilter(id);
            setTab(0);
          }}
        />
      )}
      {tab === 2 && <Reservations tenant={tenant} admin={admin} />}
      {open !== null && <ToolDialog tenant={tenant} id={open} admin={admin} onClose={() => setOpen(null)} />}
      {scan && (
        <ScanDialog
          tenant={tenant}
          onClose={() => setScan(false)}
          onFound={(id) => {
            setScan(false);
            setOpen(id);
          }}
        />
      )}
    </>
  );
}
