import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Button, Stack, Tab, Tabs } from '@mui/material';
import { useSearch } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantGate } from '../../../components/tenant-gate';
import { useSearchChange } from '../../../lib/search-change';
import type { PeopleSearch } from '../search';
import { GroupsPanel } from './groups-panel';
import { PeopleTable } from './people-table';
import { PersonDetail } from './person-detail';
import { PersonFormDialog } from './person-form-dialog';
import { usePeopleAccess } from './use-people-access';

/**
 * What the join module adds to the admin directory (issue 26), passed in by the page that composes the two: a tab of
 * join links and the people waiting for approval above the list. Shown to those who manage people.
 */
interface JoinSlots {
  tabLabel: string;
  links: (tenant: string, admin: boolean) => ReactNode;
  pending: (tenant: string) => ReactNode;
}

interface PeopleViewProps {
  /** /admin/people: the add, edit, invite, remove and group controls, for people allowed to use them. */
  admin: boolean;
  join?: JoinSlots;
}

export function PeopleView({ admin, join }: PeopleViewProps) {
  const { t } = useTranslation('people');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantPeople tenant={tenant} admin={admin} join={join} />}</TenantGate>;
}

function TenantPeople({ tenant, admin, join }: { tenant: string; admin: boolean; join?: JoinSlots }) {
  const { t } = useTranslation('people');
  const access = usePeopleAccess();
  const search = useSearch({ strict: false }) as PeopleSearch;
  const [adding, setAdding] = useState(false);
  const manage = admin && access.manage;

  // Each query key changes on its own; the others are kept (spec §2).
  const setSearch = useSearchChange<PeopleSearch>();
  const select = useCallback((id: number) => setSearch({ id }), [setSearch]);
  const tab = admin && search.tab === 'groups' ? 'groups' : manage && join && search.tab === 'join' ? 'join' : 'people';

  return (
    <Stack spacing={2}>
      {admin && !access.manage && <Alert severity="info">{t('readOnly')}</Alert>}
      {admin && (
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setSearch({ tab: next === 'people' ? undefined : next, id: undefined })}
          aria-label={t('tabs.label')}
        >
          <Tab value="people" label={t('tabs.people')} />
          <Tab value="groups" label={t('tabs.groups')} />
          {manage && join && <Tab value="join" label={join.tabLabel} />}
        </Tabs>
      )}
      {/* Issue 26: people waiting for approval come first, for those who may let them in. */}
      {manage && tab === 'people' && !search.id && join?.pending(tenant)}
      {tab === 'groups' ? (
        <GroupsPanel tenant={tenant} editable={access.admin} />
      ) : tab === 'join' && join ? (
        join.links(tenant, access.admin)
      ) : search.id ? (
        <PersonDetail
          key={search.id}
          tenant={tenant}
          id={search.id}
          manage={manage}
          admin={admin && access.admin}
          selfCognitoUuid={access.cognitoUuid}
          onBack={() => setSearch({ id: undefined })}
        />
      ) : (
        <PeopleTable
          tenant={tenant}
          onSelect={select}
          actions={
            manage && (
              <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
                {t('list.add')}
              </Button>
            )
          }
        />
      )}
      {adding && <PersonFormDialog tenant={tenant} person={null} onClose={() => setAdding(false)} onSaved={select} />}
    </Stack>
  );
}
