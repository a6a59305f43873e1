import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Button, Stack, Tab, Tabs } from '@mui/material';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantGate } from '../../../components/tenant-gate';
import { useSearchChange } from '../../../lib/search-change';
import { JoinLinksPanel } from '../../join/components/join-links-panel';
import { PendingMembers } from '../../join/components/pending-members';
import type { PeopleSearch } from '../search';
import { GroupsPanel } from './groups-panel';
import { PeopleTable } from './people-table';
import { PersonDetail } from './person-detail';
import { PersonFormDialog } from './person-form-dialog';
import { usePeopleAccess } from './use-people-access';

interface PeopleViewProps {
  /** /admin/people: the add, edit, invite, remove and group controls, for people allowed to use them. */
  admin: boolean;
}

export function PeopleView({ admin }: PeopleViewProps) {
  const { t } = useTranslation('people');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantPeople tenant={tenant} admin={admin} />}</TenantGate>;
}

function TenantPeople({ tenant, admin }: { tenant: string; admin: boolean }) {
  const { t } = useTranslation('people');
  const { t: tJoin } = useTranslation('join');
  const access = usePeopleAccess();
  const search = useSearch({ strict: false }) as PeopleSearch;
  const [adding, setAdding] = useState(false);
  const manage = admin && access.manage;

  // Each query key changes on its own; the others are kept (spec §2).
  const setSearch = useSearchChange<PeopleSearch>();
  const select = useCallback((id: number) => setSearch({ id }), [setSearch]);
  const tab = admin && search.tab === 'groups' ? 'groups' : manage && search.tab === 'join' ? 'join' : 'people';

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
          {manage && <Tab value="join" label={tJoin('tab')} />}
        </Tabs>
      )}
      {/* Issue 26: people waiting for approval come first, for those who may let them in. */}
      {manage && tab === 'people' && !search.id && <PendingMembers tenant={tenant} />}
      {tab === 'groups' ? (
        <GroupsPanel tenant={tenant} editable={access.admin} />
      ) : tab === 'join' ? (
        <JoinLinksPanel tenant={tenant} admin={access.admin} />
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
