import type { Audience } from '@groundwork/core/announcements';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { TenantGate } from '../../components/tenant-gate';
import { formatDay } from '../../lib/dates';
import { errorText } from '../../lib/refusals';
import { useSnackbar } from '../../shell/snackbar';
import { useDocumentTitle } from '../../shell/use-document-title';
import { MoodSummary } from '../mood/mood-summary';
import { AnnouncementDialog } from './announcement-dialog';
import * as api from './api';

/** /modules/announcements: what is addressed to me today; for announcement admins, every announcement with its reach. */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  useDocumentTitle(t('title'));
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantAnnouncements tenant={tenant} />}</TenantGate>
    </Stack>
  );
}

function TenantAnnouncements({ tenant }: { tenant: string }) {
  const { t } = useTranslation('announcements');
  const admin = useCan('announcements', 'write');
  const moodAdmin = useCan('people', 'write');
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState<api.Announcement | null | undefined>(undefined);
  return (
    <>
      {admin && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" startIcon={<CampaignOutlinedIcon />} onClick={() => setEditing(null)}>
            {t('add')}
          </Button>
        </Stack>
      )}
      {(admin || moodAdmin) && (
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label={t('title')} variant="scrollable">
          <Tab label={t('tabs.current')} value={0} />
          {admin && <Tab label={t('tabs.manage')} value={1} />}
          {admin && <Tab label={t('tabs.archived')} value={2} />}
          {moodAdmin && <Tab label={t('moodSummary.tab')} value={3} />}
        </Tabs>
      )}
      {tab === 0 && <CurrentList tenant={tenant} />}
      {tab === 1 && admin && <ManageList tenant={tenant} status={1} onEdit={setEditing} />}
      {tab === 2 && admin && <ManageList tenant={tenant} status={0} onEdit={setEditing} />}
      {tab === 3 && moodAdmin && <MoodSummary tenant={tenant} />}
      {editing !== undefined && <AnnouncementDialog tenant={tenant} announcement={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

function Body({ html }: { html: string }) {
  // The server stores the body sanitised (sanitize-html): no scripts, handlers or styles.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored
  return <Box sx={{ '& p': { my: 1 }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}

function CurrentList({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('announcements');
  const { t: errorsT } = useTranslation('errors');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const list = useQuery(api.currentAnnouncementsOptions(tenant));
  const marked = useRef(new Set<number>());
  useEffect(() => {
    const unseen = (list.data ?? []).filter((a) => !a.seen_on && !marked.current.has(a.id)).map((a) => a.id);
    if (unseen.length === 0) return;
    for (const id of unseen) marked.current.add(id);
    api.markAnnouncementsSeen({ tenant_uuid: tenant, ids: unseen }).catch(() => {
      for (const id of unseen) marked.current.delete(id);
    });
  }, [list.data, tenant]);
  const ack = useMutation({
    mutationFn: (id: number) => api.acknowledgeAnnouncement({ tenant_uuid: tenant, id }),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: errorsT('announcements.acknowledged') });
      void qc.invalidateQueries({ queryKey: ['announcements', tenant] });
    },
    onError: (e) =>
      snackbar.show({
        color: 'error',
        message: errorText(t, e, errorsT('announcements.fetchError'), () => true),
      }),
  });
  useEffect(() => {
    if (list.isError) snackbar.show({ color: 'error', message: errorsT('announcements.fetchError') });
  }, [list.isError, snackbar, errorsT]);
  // Opened from a notification (?id=): that announcement is brought into view and gets the focus.
  const wanted = Number(new URLSearchParams(window.location.search).get('id')) || null;
  useEffect(() => {
    if (!wanted || !list.data) return;
    const card = document.getElementById(`announcement-${wanted}`);
    card?.scrollIntoView?.({ block: 'center' });
    card?.focus({ preventScroll: true });
  }, [wanted, list.data]);

  if (list.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (!list.data?.length) return <Alert severity="info">{t('empty')}</Alert>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('title')}>
      {list.data.map((a) => (
        <Card
          key={a.id}
          id={`announcement-${a.id}`}
          tabIndex={-1}
          component="li"
          variant="outlined"
          data-testid="announcement-card"
          sx={a.id === wanted ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
        >
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2">
                {a.title}
              </Typography>
              {a.is_default && <Chip size="small" icon={<PushPinOutlinedIcon />} label={t('pinned')} />}
              {a.requires_ack && !a.acked_on && <Chip size="small" color="warning" label={t('needsAck')} />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('from', { start: formatDay(a.start_date, i18n.language), end: formatDay(a.exp_date, i18n.language) })}
              {a.author_name ? ` · ${t('by', { name: a.author_name })}` : ''}
            </Typography>
            <Body html={a.body} />
          </CardContent>
          {a.requires_ack && (
            <CardActions>
              {a.acked_on ? (
                <Chip color="success" icon={<CheckCircleOutlineIcon />} label={t('acknowledged')} />
              ) : (
                <Button variant="contained" onClick={() => ack.mutate(a.id)} disabled={ack.isPending}>
                  {t('acknowledge')}
                </Button>
              )}
            </CardActions>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function ManageList({ tenant, status, onEdit }: { tenant: string; status: number; onEdit: (a: api.Announcement) => void }) {
  const { t, i18n } = useTranslation('announcements');
  const { t: errorsT } = useTranslation('errors');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [readers, setReaders] = useState<api.Announcement | null>(null);
  const list = useInfiniteQuery({
    queryKey: ['announcements', tenant, 'manage', status],
    queryFn: ({ pageParam }) => api.searchAnnouncements({ tenant_uuid: tenant, status, nextToken: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken,
  });
  const archive = useMutation({
    mutationFn: (a: api.Announcement) => api.archiveAnnouncement({ tenant_uuid: tenant, id: a.id, status: status === 1 ? 0 : 1 }),
    onSuccess: () => {
      snackbar.show({ color: 'success', message: errorsT(status === 1 ? 'announcements.archived' : 'announcements.restored') });
      void qc.invalidateQueries({ queryKey: ['announcements', tenant] });
    },
    onError: () => snackbar.show({ color: 'error', message: errorsT('announcements.updateError') }),
  });
  useEffect(() => {
    if (list.isError) snackbar.show({ color: 'error', message: errorsT('announcements.fetchError') });
  }, [list.isError, snackbar, errorsT]);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (items.length === 0) return <Alert severity="info">{t('adminEmpty')}</Alert>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((a) => (
        <Card key={a.id} component="li" variant="outlined" data-testid="manage-card">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2">
                {a.title}
              </Typography>
              {a.is_default && <Chip size="small" icon={<PushPinOutlinedIcon />} label={t('pinned')} />}
              <Chip size="small" variant="outlined" label={t(`audiences.${a.audience as Audience}`)} />
              {!a.on_app && <Chip size="small" variant="outlined" label={t('emailOnly')} />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('from', { start: formatDay(a.start_date, i18n.language), end: formatDay(a.exp_date, i18n.language) })}
            </Typography>
            {a.stats && (
              <Typography variant="body2" data-testid="ack-count">
                {a.requires_ack ? t('ackCount', a.stats) : t('seenCount', a.stats)}
              </Typography>
            )}
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setReaders(a)}>{t('readers')}</Button>
            <Button onClick={() => onEdit(a)}>{t('edit')}</Button>
            <Button color={status === 1 ? 'warning' : 'primary'} onClick={() => archive.mutate(a)}>
              {status === 1 ? t('archive') : t('restore')}
            </Button>
          </CardActions>
        </Card>
      ))}
      {list.hasNextPage && (
        <Button onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      )}
      {readers && <ReadersDialog tenant={tenant} announcement={readers} onClose={() => setReaders(null)} />}
    </Stack>
  );
}

function ReadersDialog({ tenant, announcement, onClose }: { tenant: string; announcement: api.Announcement; onClose: () => void }) {
  const { t } = useTranslation('announcements');
  const titleId = useId();
  const readers = useQuery({
    queryKey: ['announcements', tenant, 'readers', announcement.id],
    queryFn: () => api.announcementReaders({ tenant_uuid: tenant, id: announcement.id }),
  });
  const when = (v: string | null) => (v ? new Date(v).toLocaleString() : t('notYet'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('readersTitle', { title: announcement.title })}</DialogTitle>
      <DialogContent>
        {readers.isPending && <CircularProgress aria-label={t('loading')} />}
        {readers.data && (
          <>
            <Typography sx={{ mb: 1 }}>
              {t('ackCount', readers.data)} · {t('seenCount', readers.data)}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('person')}</TableCell>
                  <TableCell>{t('seenOn')}</TableCell>
                  <TableCell>{t('ackedOn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {readers.data.people.map((p) => (
                  <TableRow key={p.employees_id}>
                    <TableCell>{p.name ?? `#${p.employees_id}`}</TableCell>
                    <TableCell>{when(p.seen_on)}</TableCell>
                    <TableCell>{when(p.acked_on)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
