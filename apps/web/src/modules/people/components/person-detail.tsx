import { personName } from '@groundwork/core/names';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { Alert, Avatar, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDay } from '../../../lib/dates';
import { useSnackbar } from '../../../shell/snackbar';
import { peopleKeys } from '../api/keys';
import { removeUserFromTenant, setGlobalAdmin, setPersonStatus } from '../api/mutations';
import { type Person, personQueryOptions, userGroupsQueryOptions } from '../api/queries';
import { serverMessage } from '../lib/errors';
import { AVATAR_SX, hasAccount, initials, parseTrades, signInStatusKey } from '../lib/format';
import { InviteDialog } from './invite-dialog';
import { PersonFormDialog } from './person-form-dialog';
import { PersonGroupsDialog } from './person-groups-dialog';

interface PersonDetailProps {
  tenant: string;
  id: number;
  /** people_admin or admin_access on /admin/people: edit, archive, invite, remove. */
  manage: boolean;
  /** admin_access on /admin/people: global admin and group membership. */
  admin: boolean;
  /** The signed-in person's identity, so they are not offered removing themselves. */
  selfCognitoUuid: string | null;
  onBack: () => void;
}

type OpenDialog = 'edit' | 'invite' | 'resend' | 'remove' | 'groups' | 'admin' | null;

export function PersonDetail({ tenant, id, manage, admin, selfCognitoUuid, onBack }: PersonDetailProps) {
  const { t } = useTranslation('people');
  const snackbar = useSnackbar();
  const person = useQuery(personQueryOptions(tenant, id));

  useEffect(() => {
    if (person.isError) snackbar.show({ color: 'error', message: t('messages.fetchFailed') });
  }, [person.isError, snackbar, t]);

  return (
    <Stack spacing={2}>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('detail.back')}
        </Button>
      </Box>
      {person.isPending && <LinearProgress aria-label={t('detail.loading')} />}
      {person.isError && (
        <RetryAlert retryLabel={t('list.retry')} onRetry={() => void person.refetch()}>
          {t('messages.fetchFailed')}
        </RetryAlert>
      )}
      {person.isSuccess && !person.data && <Alert severity="warning">{t('detail.notFound')}</Alert>}
      {person.data && (
        <PersonCardView tenant={tenant} person={person.data} manage={manage} admin={admin} selfCognitoUuid={selfCognitoUuid} />
      )}
    </Stack>
  );
}

function PersonCardView({ tenant, person, manage, admin, selfCognitoUuid }: Omit<PersonDetailProps, 'id' | 'onBack'> & { person: Person }) {
  const { t, i18n } = useTranslation('people');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const groups = useQuery(userGroupsQueryOptions(tenant));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const name = personName(person);
  const trades = parseTrades(person.trades);
  const linked = hasAccount(person);
  const isSelf = Boolean(selfCognitoUuid) && person.cognito_uuid === selfCognitoUuid;
  const awaitingFirstSignIn = linked && person.cognito_status === 'FORCE_CHANGE_PASSWORD';
  const memberOf = (groups.data ?? []).filter((g) => g.usergroup_users.some((u) => u.id === person.id));
  const close = () => setDialog(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKeys.all(tenant) });

  const archive = useMutation({
    mutationFn: (status: 0 | 1) => setPersonStatus(tenant, person.id, status),
    onSuccess: (_data, status) =>
      snackbar.show({ color: 'success', message: status === 0 ? t('messages.archived') : t('messages.unarchived') }),
    onError: (error) => snackbar.show({ color: 'error', message: serverMessage(error, t('messages.updateFailed'), t) }),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: () => removeUserFromTenant(tenant, person.id),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('messages.removed') });
      close();
    },
    onError: (error) => snackbar.show({ color: 'error', message: serverMessage(error, t('messages.removeFailed'), t) }),
    onSettled: refresh,
  });

  const globalAdmin = useMutation({
    mutationFn: (makeAdmin: boolean) => setGlobalAdmin(tenant, person.id, person.username ?? null, makeAdmin),
    onSuccess: (_data, makeAdmin) => {
      snackbar.show({ color: 'success', message: makeAdmin ? t('messages.adminGranted') : t('messages.adminRevoked') });
      close();
    },
    onError: (error) => snackbar.show({ color: 'error', message: serverMessage(error, t('messages.adminFailed'), t) }),
    onSettled: refresh,
  });

  const address = [person.street, person.street2, [person.city, person.state, person.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ ...AVATAR_SX, width: 56, height: 56 }} aria-hidden>
            {initials(person)}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
              <Chip
                size="small"
                color={person.status === 1 ? 'success' : 'default'}
                label={person.status === 1 ? t('list.statusActive') : t('detail.archived')}
              />
              {person.is_admin && <Chip size="small" color="primary" label={t('detail.globalAdmin')} />}
            </Stack>
          </Box>
        </Stack>

        {manage && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={t('detail.actions')}>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
              {t('detail.edit')}
            </Button>
            {person.status === 1 ? (
              <Button variant="outlined" startIcon={<ArchiveOutlinedIcon />} onClick={() => archive.mutate(0)} loading={archive.isPending}>
                {t('detail.archive')}
              </Button>
            ) : (
              <Button
                variant="outlined"
                startIcon={<UnarchiveOutlinedIcon />}
                onClick={() => archive.mutate(1)}
                loading={archive.isPending}
              >
                {t('detail.unarchive')}
              </Button>
            )}
            {!linked && person.status === 1 && (
              <Button variant="outlined" startIcon={<ForwardToInboxOutlinedIcon />} onClick={() => setDialog('invite')}>
                {t('detail.invite')}
              </Button>
            )}
            {awaitingFirstSignIn && person.status === 1 && (
              <Button variant="outlined" startIcon={<ForwardToInboxOutlinedIcon />} onClick={() => setDialog('resend')}>
                {t('detail.resend')}
              </Button>
            )}
            {admin && (
              <Button variant="outlined" startIcon={<GroupsOutlinedIcon />} onClick={() => setDialog('groups')}>
                {t('detail.setGroups')}
              </Button>
            )}
            {admin && (
              <Button variant="outlined" startIcon={<AdminPanelSettingsOutlinedIcon />} onClick={() => setDialog('admin')}>
                {person.is_admin ? t('detail.unmakeAdmin') : t('detail.makeAdmin')}
              </Button>
            )}
            {linked && !isSelf && (
              <Button variant="outlined" color="error" startIcon={<PersonRemoveOutlinedIcon />} onClick={() => setDialog('remove')}>
                {t('detail.remove')}
              </Button>
            )}
          </Stack>
        )}

        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <Section title={t('detail.contact')}>
            <Field label={t('fields.email')} value={person.email} />
            <Field label={t('fields.private_email')} value={person.private_email} />
            <Field label={t('fields.cellphone')} value={person.cellphone} />
            <Field label={t('fields.address')} value={address} />
            <Field label={t('fields.username')} value={person.username} />
          </Section>
          <Section title={t('detail.work')}>
            <Field
              label={t('fields.trades')}
              value={
                trades.length > 0 ? (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {trades.map((trade) => (
                      <Chip key={trade} size="small" label={trade} />
                    ))}
                  </Stack>
                ) : null
              }
            />
            <Field label={t('fields.skills')} value={person.skills} />
            <Field label={t('fields.hiredate')} value={formatDay(person.hiredate, i18n.language)} />
            <Field label={t('fields.birthdate')} value={formatDay(person.birthdate, i18n.language)} />
          </Section>
          <Section title={t('detail.access')}>
            <Field
              label={t('fields.signIn')}
              value={t(signInStatusKey(person.cognito_status) as 'signIn.none', { status: person.cognito_status })}
            />
            <Field
              label={t('fields.groups')}
              value={
                groups.isError ? (
                  t('messages.fetchGroupsFailed')
                ) : memberOf.length > 0 ? (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {memberOf.map((g) => (
                      <Chip key={g.id} size="small" variant="outlined" label={g.usergroup} />
                    ))}
                  </Stack>
                ) : groups.isPending ? (
                  t('detail.loadingGroups')
                ) : null
              }
            />
          </Section>
        </Stack>
      </Stack>

      {dialog === 'edit' && <PersonFormDialog tenant={tenant} person={person} onClose={close} />}
      {dialog === 'invite' && <InviteDialog tenant={tenant} person={person} onClose={close} />}
      {dialog === 'resend' && <InviteDialog tenant={tenant} person={person} resend onClose={close} />}
      {dialog === 'groups' && <PersonGroupsDialog tenant={tenant} person={person} onClose={close} />}
      {dialog === 'remove' && (
        <ConfirmDialog
          title={t('remove.title', { name })}
          body={t('remove.body', { name })}
          confirmLabel={t('remove.confirm')}
          color="error"
          loading={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={close}
        />
      )}
      {dialog === 'admin' && (
        <ConfirmDialog
          title={person.is_admin ? t('adminDialog.unmakeTitle', { name }) : t('adminDialog.makeTitle', { name })}
          body={person.is_admin ? t('adminDialog.unmakeBody', { name }) : t('adminDialog.makeBody', { name })}
          confirmLabel={person.is_admin ? t('detail.unmakeAdmin') : t('detail.makeAdmin')}
          color={person.is_admin ? 'error' : 'primary'}
          loading={globalAdmin.isPending}
          onConfirm={() => globalAdmin.mutate(!person.is_admin)}
          onClose={close}
        />
      )}
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(7rem, auto) 1fr', columnGap: 2, rowGap: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  const { t } = useTranslation('people');
  const empty = value === null || value === undefined || value === '';
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} color={empty ? 'text.secondary' : undefined}>
        {empty ? t('detail.none') : value}
      </Typography>
    </>
  );
}
