import { joinLinkFields } from '@groundwork/core/join';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AppDialog } from '../../../shell/app-dialog';
import { useSnackbar } from '../../../shell/snackbar';
import { userGroupsQueryOptions } from '../../people/api/queries';
import {
  createJoinLink,
  type JoinLink,
  joinKeys,
  joinLinksQueryOptions,
  type LinkSettings,
  posterUrl,
  rotateJoinLink,
  updateJoinLink,
} from '../api';

interface JoinLinksPanelProps {
  tenant: string;
  /** admin_access: may choose the groups a link hands out (handing out groups is theirs alone). */
  admin: boolean;
}

/** The Join links tab of /admin/people (issue 26): links with their QR codes, posters, new codes and switches. */
export function JoinLinksPanel({ tenant, admin }: JoinLinksPanelProps) {
  const { t } = useTranslation('join');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const links = useQuery(joinLinksQueryOptions(tenant));
  const [editing, setEditing] = useState<JoinLink | 'new' | null>(null);
  const [rotating, setRotating] = useState<JoinLink | null>(null);

  useEffect(() => {
    if (links.isError) snackbar.show({ color: 'error', message: t('messages.fetchLinks') });
  }, [links.isError, snackbar, t]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: joinKeys.links(tenant) });
  const rotate = useMutation({
    mutationFn: (link: JoinLink) => rotateJoinLink(tenant, link.id),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: t('links.rotated') });
      setRotating(null);
    },
    onError: () => snackbar.show({ color: 'error', message: t('messages.rotateFailed') }),
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: (link: JoinLink) => updateJoinLink(tenant, link.id, { status: link.status === 1 ? 0 : 1 }),
    onSuccess: (_data, link) => snackbar.show({ color: 'success', message: link.status === 1 ? t('links.disabled') : t('links.enabled') }),
    onError: () => snackbar.show({ color: 'error', message: t('messages.saveFailed') }),
    onSettled: refresh,
  });
  const copy = async (link: JoinLink) => {
    try {
      await navigator.clipboard.writeText(link.url);
      snackbar.show({ color: 'success', message: t('links.copied') });
    } catch {
      snackbar.show({ color: 'error', message: t('messages.copyFailed') });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('links.intro')}</Typography>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('links.add')}
        </Button>
      </Box>
      {links.isPending && <LinearProgress aria-label={t('links.loading')} />}
      {links.isError && <Alert severity="error">{t('messages.fetchLinks')}</Alert>}
      {links.data?.length === 0 && <Typography>{t('links.empty')}</Typography>}
      <Box
        component="ul"
        aria-label={t('links.label')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
      >
        {links.data?.map((link) => (
          <Card component="li" variant="outlined" key={link.id} data-testid="join-link">
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Box
                  role="img"
                  aria-label={t('links.qr', { name: link.name })}
                  sx={{ p: 1, bgcolor: '#fff', alignSelf: { xs: 'center', sm: 'flex-start' }, opacity: link.status === 1 ? 1 : 0.4 }}
                >
                  <QRCodeSVG value={link.url} size={128} aria-hidden />
                </Box>
                <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="h6" component="h3">
                    {link.name}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                    <Chip
                      size="small"
                      color={link.status === 1 ? 'success' : 'default'}
                      label={t('links.status', { status: link.status === 1 ? t('links.on') : t('links.off') })}
                    />
                    {link.pending > 0 && <Chip size="small" color="warning" label={t('links.pending', { count: link.pending })} />}
                  </Stack>
                  <Typography variant="body2">{link.auto_approve ? t('links.withoutApproval') : t('links.withApproval')}</Typography>
                  <TextField
                    label={t('links.url')}
                    value={link.url}
                    size="small"
                    slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'join-link-url' } }}
                    onFocus={(event) => event.target.select()}
                    fullWidth
                  />
                </Stack>
              </Stack>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
              <Button size="small" onClick={() => void copy(link)}>
                {t('links.copy')}
              </Button>
              <Button size="small" component="a" href={posterUrl(link.id, 'en')} download="join-poster-en.pdf">
                {t('links.poster')}
              </Button>
              <Button size="small" component="a" href={posterUrl(link.id, 'es')} download="join-poster-es.pdf">
                {t('links.posterEs')}
              </Button>
              <Button size="small" onClick={() => setEditing(link)}>
                {t('links.edit')}
              </Button>
              <Button size="small" onClick={() => setRotating(link)}>
                {t('links.rotate')}
              </Button>
              <Button
                size="small"
                color={link.status === 1 ? 'error' : 'primary'}
                onClick={() => toggle.mutate(link)}
                disabled={toggle.isPending}
              >
                {link.status === 1 ? t('links.disable') : t('links.enable')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {editing && (
        <JoinLinkDialog tenant={tenant} link={editing === 'new' ? null : editing} admin={admin} onClose={() => setEditing(null)} />
      )}
      {rotating && (
        <ConfirmDialog
          title={t('links.rotateTitle')}
          body={t('links.rotateBody')}
          confirmLabel={t('links.rotate')}
          color="error"
          loading={rotate.isPending}
          onConfirm={() => rotate.mutate(rotating)}
          onClose={() => setRotating(null)}
        />
      )}
    </Stack>
  );
}

type GroupOption = { id: number; usergroup: string };

function JoinLinkDialog({ tenant, link, admin, onClose }: { tenant: string; link: JoinLink | null; admin: boolean; onClose: () => void }) {
  const { t } = useTranslation('join');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const groups = useQuery({ ...userGroupsQueryOptions(tenant), enabled: admin });
  const { control, register, handleSubmit, formState } = useForm<LinkSettings>({
    resolver: zodResolver(joinLinkFields),
    defaultValues: {
      name: link?.name ?? t('links.defaultName'),
      auto_approve: link?.auto_approve ?? false,
      usergroup_ids: link ? [...link.usergroup_ids] : [],
    },
  });
  const save = useMutation({
    mutationFn: async (settings: LinkSettings): Promise<void> => {
      if (link) await updateJoinLink(tenant, link.id, admin ? settings : { name: settings.name, auto_approve: settings.auto_approve });
      else await createJoinLink(tenant, admin ? settings : { ...settings, usergroup_ids: [] });
    },
    onSuccess: () => {
      snackbar.show({ color: 'success', message: link ? t('links.saved') : t('links.created') });
      onClose();
    },
    onError: () => snackbar.show({ color: 'error', message: link ? t('messages.saveFailed') : t('messages.createFailed') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: joinKeys.links(tenant) }),
  });
  const options: GroupOption[] = (groups.data ?? []).filter((g) => g.status === 1).map((g) => ({ id: g.id, usergroup: g.usergroup }));

  return (
    <AppDialog
      open
      onClose={onClose}
      title={link ? t('links.editTitle') : t('links.newTitle')}
      loading={save.isPending}
      cancelButton={{ onClick: onClose, label: t('links.cancel') }}
      actionButton={{ onClick: handleSubmit((values) => save.mutate(values)), label: t('links.save') }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...register('name')}
          label={t('links.name')}
          required
          error={Boolean(formState.errors.name)}
          helperText={formState.errors.name ? t('errors.required') : ' '}
          fullWidth
        />
        <Controller
          control={control}
          name="auto_approve"
          render={({ field }) => (
            <Stack>
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(_e, checked) => field.onChange(checked)} />}
                label={t('links.autoApprove')}
              />
              <Typography variant="body2" color="text.secondary">
                {t('links.autoApproveHelp')}
              </Typography>
            </Stack>
          )}
        />
        {admin ? (
          <Controller
            control={control}
            name="usergroup_ids"
            render={({ field }) => (
              <Autocomplete
                multiple
                options={options}
                loading={groups.isPending}
                getOptionLabel={(o) => o.usergroup}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                value={options.filter((o) => field.value.includes(o.id))}
                onChange={(_e, value) => field.onChange(value.map((v) => v.id))}
                renderInput={(params) => <TextField {...params} label={t('links.groups')} />}
              />
            )}
          />
        ) : (
          <Alert severity="info">{t('links.groupsAdminOnly')}</Alert>
        )}
      </Stack>
    </AppDialog>
  );
}
