import { personName } from '@groundwork/core/names';
import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Autocomplete,
  Button,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shell/app-dialog';
import { useSnackbar } from '../../shell/snackbar';
import { companyKeys } from './api/keys';
import { createCustomLink, deleteCustomLink, updateCustomLink } from './api/mutations';
import { type CustomLink, customLinksQueryOptions, type LinkPerson, peopleQueryOptions } from './api/queries';
import { readableErrorSx } from './components/readable-error';
import { ConfirmDelete, RowActions } from './components/record-list-parts';

const MAX_TITLE = 100;
const MAX_URL = 2000;

/** The server accepts http and https addresses only; the same rule here gives the message before the round trip. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** Company setup: each person's external links (spec §3 custom link per employee), managed by people admins. */
export function CustomLinksAdmin({ tenant }: { tenant: string }) {
  const { t } = useTranslation('company');
  const people = useQuery(peopleQueryOptions(tenant));
  const [person, setPerson] = useState<LinkPerson | null>(null);

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('links.intro')}</Typography>
      {people.isError ? (
        <Alert severity="error">{t('links.peopleFetchFailed')}</Alert>
      ) : (
        <Autocomplete
          options={people.data ?? []}
          loading={people.isPending}
          value={person}
          onChange={(_event, value) => setPerson(value)}
          getOptionLabel={personName}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={(props, option) => (
            <li {...props} key={option.id}>
              <ListItemText primary={personName(option)} secondary={option.email} />
            </li>
          )}
          renderInput={(params) => <TextField {...params} label={t('links.person')} />}
          sx={{ maxWidth: 420 }}
        />
      )}
      {person && <PersonLinks key={person.id} tenant={tenant} person={person} />}
    </Stack>
  );
}

function PersonLinks({ tenant, person }: { tenant: string; person: LinkPerson }) {
  const { t } = useTranslation('company');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const links = useQuery(customLinksQueryOptions(tenant, person.id));
  const [editing, setEditing] = useState<CustomLink | 'new' | null>(null);
  const [removing, setRemoving] = useState<CustomLink | null>(null);
  const name = personName(person);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.customLinks(tenant, person.id) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.myLinks(tenant) }),
    ]);

  const save = useMutation({
    mutationFn: (values: { title: string; url: string }): Promise<unknown> =>
      editing === 'new' || editing === null
        ? createCustomLink(tenant, { employees_id: person.id, ...values })
        : updateCustomLink(tenant, { id: editing.id, ...values }),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: editing === 'new' ? t('links.added') : t('links.updated') });
      setEditing(null);
    },
    onError: () => snackbar.show({ color: 'error', message: editing === 'new' ? t('links.addFailed') : t('links.updateFailed') }),
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: (change: { id: number; status: number }) => updateCustomLink(tenant, change),
    onError: () => snackbar.show({ color: 'error', message: t('links.updateFailed') }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteCustomLink(tenant, id),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('links.deleted') });
      setRemoving(null);
    },
    onError: () => snackbar.show({ color: 'error', message: t('links.deleteFailed') }),
    onSettled: refresh,
  });

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          {t('links.ofPerson', { name })}
        </Typography>
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')}>
          {t('links.add')}
        </Button>
      </Stack>
      {links.isPending ? (
        <LinearProgress aria-label={t('links.loading')} />
      ) : links.isError ? (
        <Alert severity="error">{t('links.fetchFailed')}</Alert>
      ) : links.data.length === 0 ? (
        <Typography color="text.secondary">{t('links.none', { name })}</Typography>
      ) : (
        <List aria-label={t('links.ofPerson', { name })} dense>
          {links.data.map((link) => (
            <ListItem
              key={link.id}
              divider
              sx={{ pr: 20 }}
              secondaryAction={
                <RowActions
                  active={link.status === 1}
                  onActive={(active) => toggle.mutate({ id: link.id, status: active ? 1 : 0 })}
                  onEdit={() => setEditing(link)}
                  onDelete={() => setRemoving(link)}
                  labels={{
                    active: t('links.activeLabel', { title: link.title }),
                    edit: t('links.editLabel', { title: link.title }),
                    delete: t('links.deleteLabel', { title: link.title }),
                  }}
                />
              }
            >
              <ListItemText
                primary={link.title}
                secondary={
                  <Link href={link.url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
                    {link.url}
                    <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-label={t('links.opensInNewTab')} />
                  </Link>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {editing && (
        <LinkDialog
          key={editing === 'new' ? 'new' : editing.id}
          link={editing === 'new' ? null : editing}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(values) => save.mutate(values)}
        />
      )}
      <ConfirmDelete
        row={removing}
        title={t('links.deleteTitle')}
        body={(link) => t('links.deleteBody', { title: link?.title ?? '' })}
        deleting={remove.isPending}
        onCancel={() => setRemoving(null)}
        onDelete={(link) => remove.mutate(link.id)}
      />
    </Stack>
  );
}

interface LinkDialogProps {
  link: CustomLink | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (values: { title: string; url: string }) => void;
}

function LinkDialog({ link, saving, onCancel, onSave }: LinkDialogProps) {
  const { t } = useTranslation('company');
  const [title, setTitle] = useState(link?.title ?? '');
  const [url, setUrl] = useState(link?.url ?? 'https://');
  const [submitted, setSubmitted] = useState(false);
  const titleProblem = !title.trim()
    ? t('validation.required')
    : title.trim().length > MAX_TITLE
      ? t('validation.max', { count: MAX_TITLE })
      : null;
  const urlProblem = !isWebAddress(url)
    ? t('links.invalidUrl')
    : url.trim().length > MAX_URL
      ? t('validation.max', { count: MAX_URL })
      : null;
  const submit = () => {
    setSubmitted(true);
    if (!titleProblem && !urlProblem) onSave({ title: title.trim(), url: url.trim() });
  };
  return (
    <AppDialog
      open
      onClose={onCancel}
      title={link ? t('links.editTitle') : t('links.addTitle')}
      loading={saving}
      cancelButton={{ onClick: onCancel }}
      actionButton={{ onClick: submit }}
    >
      <Stack
        component="form"
        spacing={2}
        noValidate
        sx={{ pt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          autoFocus
          required
          label={t('links.titleLabel')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={submitted && titleProblem !== null}
          helperText={(submitted && titleProblem) || ' '}
          sx={readableErrorSx}
        />
        <TextField
          required
          label={t('links.urlLabel')}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={submitted && urlProblem !== null}
          helperText={(submitted && urlProblem) || t('links.urlHelp')}
          sx={readableErrorSx}
        />
        {/* Enter in either field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </AppDialog>
  );
}
