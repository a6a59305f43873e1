import { Box, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { departmentsApi, divisionsApi } from './api/mutations';
import { DeleteCompany } from './components/delete-company';
import { AccountingDialogRoute, IntegrationsPanel, useAccountingDialogRequested } from './components/integrations-panel';
import { NamedRecordsEditor } from './components/named-records-editor';
import { TenantSettingsForm } from './components/tenant-settings-form';
import { CustomLinksAdmin } from './custom-links-admin';

const SECTIONS = ['settings', 'departments', 'divisions', 'links', 'integrations', 'company'] as const;
type Section = (typeof SECTIONS)[number];

/** Spec §2 company-setup (admins only, refused earlier for others): settings, departments, divisions, links, the account. */
export function CompanySetup({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const accountingRequested = useAccountingDialogRequested();
  const [section, setSection] = useState<Section>(accountingRequested ? 'integrations' : 'settings');
  const id = (name: Section, part: 'tab' | 'panel') => `company-setup-${part}-${name}`;

  return (
    <Box>
      <Tabs
        value={section}
        onChange={(_event, value: Section) => setSection(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('setup.sections')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {SECTIONS.map((name) => (
          <Tab key={name} value={name} label={t(`setup.tabs.${name}`)} id={id(name, 'tab')} aria-controls={id(name, 'panel')} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={id(section, 'panel')} aria-labelledby={id(section, 'tab')}>
        {section === 'settings' && <TenantSettingsForm tenant={tenant} />}
        {section === 'departments' && <NamedRecordsEditor tenant={tenant} kind="departments" api={departmentsApi} />}
        {section === 'divisions' && <NamedRecordsEditor tenant={tenant} kind="divisions" api={divisionsApi} />}
        {section === 'links' && <CustomLinksAdmin tenant={tenant} />}
        {section === 'integrations' && <IntegrationsPanel />}
        {section === 'company' && <DeleteCompany tenant={tenant} />}
      </Box>
      <AccountingDialogRoute tenant={tenant} />
    </Box>
  );
}
