import { parseScan } from '@groundwork/core/tools';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../app/use-can';
import { GraphQLRequestError } from '../../lib/graphql';
import { readSelectedTenantUuid } from '../../lib/storage';
import { useSnackbar } from '../../shell/snackbar';
import * as api from './api';
import { ToolArchiveButton, ToolEditDialog } from './tool-edit-dialog';

/** /modules/tool20: tools, containers, reservations; scan or type a tool number on a phone. */
export function ToolsPage() {
  const { t } = useTranslation('tools');
  const tenant = readSelectedTenantUuid();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      {tenant ? <TenantTools tenant={tenant} /> : <Alert severity="info">{t('noTenant')}</Alert>}
    </Stack>
  );
}

const errorText = (e: unknown, fallback: string) => (e instanceof GraphQLRequestError ? e.message : fallback);

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

function AddToolDialog({ tenant, onClose }: { tenant: string; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [v, setV] = useState({ name: '', category: '', make: '', model: '', serial: '' });
  const add = useMutation({
    mutationFn: () => api.addTool({ tenant_uuid: tenant, ...v }),
    onSuccess: async (tool) => {
      snackbar.show({ color: 'success', message: t('add.added', { number: tool.tool_number }) });
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addToolError')) }),
  });
  const field = (key: keyof typeof v, required = false) => (
    <TextField label={t(`add.${key}`)} value={v[key]} required={required} onChange={(e) => setV({ ...v, [key]: e.target.value })} />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('add.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', true)}
          {field('category')}
          {field('make')}
          {field('model')}
          {field('serial')}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!v.name.trim() || add.isPending} onClick={() => add.mutate()}>
          {t('add.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function useContainers(tenant: string) {
  return useQuery({ queryKey: ['tools', tenant, 'containers'], queryFn: () => api.toolContainers({ tenant_uuid: tenant }) });
}

function ToolList(props: {
  tenant: string;
  admin: boolean;
  onOpen: (id: number) => void;
  container: number | '';
  setContainer: (c: number | '') => void;
}) {
  const { tenant, admin, onOpen, container, setContainer } = props;
  const { t } = useTranslation('tools');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const [moving, setMoving] = useState(false);
  const containers = useContainers(tenant);
  const categories = useQuery({ queryKey: ['tools', tenant, 'categories'], queryFn: () => api.toolCategories({ tenant_uuid: tenant }) });
  const list = useQuery({
    queryKey: ['tools', tenant, 'list', search, container, category, status],
    queryFn: () =>
      api.searchTools({
        tenant_uuid: tenant,
        search: search || null,
        container_id: container === '' ? null : container,
        category: category || null,
        status,
      }),
  });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField label={t('filters.search')} value={search} onChange={(e) => setSearch(e.target.value)} size="small" />
        <TextField
          select
          label={t('filters.container')}
          value={container}
          onChange={(e) => setContainer(e.target.value === '' ? '' : Number(e.target.value))}
          size="small"
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(containers.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.container_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('filters.category')}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          size="small"
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('filters.status')}
          value={status}
          onChange={(e) => setStatus(Number(e.target.value))}
          size="small"
          sx={{ minWidth: 140 }}
        >
          <MenuItem value={1}>{t('status.active')}</MenuItem>
          <MenuItem value={0}>{t('status.archived')}</MenuItem>
        </TextField>
      </Stack>
      {admin && picked.length > 0 && (
        <Button variant="contained" onClick={() => setMoving(true)} sx={{ alignSelf: 'flex-start' }}>
          {t('move.many', { count: picked.length })}
        </Button>
      )}
      {list.isError && <Alert severity="error">{t('messages.fetchError')}</Alert>}
      <List aria-label={t('tabs.tools')}>
        {(list.data?.items ?? []).map((tool) => (
          <ListItem
            key={tool.id}
            divider
            secondaryAction={
              <Button size="small" onClick={() => onOpen(tool.id)} aria-label={t('open', { name: tool.name })}>
                {t('details')}
              </Button>
            }
          >
            {admin && (
              <Checkbox
                edge="start"
                checked={picked.includes(tool.id)}
                onChange={(e) => setPicked(e.target.checked ? [...picked, tool.id] : picked.filter((p) => p !== tool.id))}
                slotProps={{ input: { 'aria-label': t('select', { name: tool.name }) } }}
              />
            )}
            <ListItemText
              primary={`${tool.tool_number} · ${tool.name}`}
              secondary={`${tool.container_name ?? ''}${tool.category ? ` · ${tool.category}` : ''}`}
            />
          </ListItem>
        ))}
      </List>
      {list.data && list.data.items.length === 0 && <Typography>{t('empty')}</Typography>}
      {moving && <MoveDialog tenant={tenant} ids={picked} onClose={() => setMoving(false)} onMoved={() => setPicked([])} />}
    </Stack>
  );
}

function MoveDialog({ tenant, ids, onClose, onMoved }: { tenant: string; ids: number[]; onClose: () => void; onMoved?: () => void }) {
  const { t } = useTranslation('tools');
  const containers = useContainers(tenant);
  const [target, setTarget] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const move = useMutation({
    mutationFn: () => api.moveTools({ tenant_uuid: tenant, ids, container_id: Number(target), note: note || null }),
    onSuccess: async () => {
      snackbar.show({ color: 'success', message: t('messages.moved') });
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
      onMoved?.();
      onClose();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.moveError')) }),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('move.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t('move.to')} value={target} onChange={(e) => setTarget(Number(e.target.value))}>
            {(containers.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.container_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('move.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={target === '' || move.isPending} onClick={() => move.mutate()}>
          {t('move.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ToolDialog({ tenant, id, admin, onClose }: { tenant: string; id: number; admin: boolean; onClose: () => void }) {
  const { t } = useTranslation('tools');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [moving, setMoving] = useState(false);
  const [editing, setEditing] = useState(false);
  const tool = useQuery({ queryKey: ['tools', tenant, 'tool', id], queryFn: () => api.getTool({ tenant_uuid: tenant, id }) });
  const log = useQuery({ queryKey: ['tools', tenant, 'log', id], queryFn: () => api.toolLog({ tenant_uuid: tenant, tools_id: id }) });
  const res = useQuery({
    queryKey: ['tools', tenant, 'res', id],
    queryFn: () => api.toolReservations({ tenant_uuid: tenant, tools_id: id }),
  });
  const containers = useContainers(tenant);
  const canMove = admin || (containers.data ?? []).some((c) => c.employees_id !== null);
  const tl = tool.data;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{tl ? `${tl.tool_number} · ${tl.name}` : t('details')}</DialogTitle>
      <DialogContent>
        {tl && (
          <Stack spacing={2}>
            {tl.photos[0]?.thumbnail_base64 && (
              <Box component="img" src={tl.photos[0].thumbnail_base64} alt={tl.name} sx={{ maxWidth: 160, borderRadius: 1 }} />
            )}
            <Typography>
              <strong>{t('location')}:</strong> {tl.container_name}
            </Typography>
            {tl.last_log && (
              <Typography variant="body2">
                {t('lastMoved', { who: tl.last_log.employee_name ?? '', when: new Date(tl.last_log.moved_on).toLocaleString() })}
              </Typography>
            )}
            {[tl.make, tl.model, tl.serial].some(Boolean) && (
              <Typography variant="body2">{[tl.make, tl.model, tl.serial].filter(Boolean).join(' · ')}</Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              {canMove && tl.status === 1 && (
                <Button variant="contained" onClick={() => setMoving(true)}>
                  {t('move.action')}
                </Button>
              )}
              {admin && (
                <Button variant="outlined" onClick={() => setEditing(true)}>
                  {t('edit.open')}
                </Button>
              )}
              {admin && <ToolArchiveButton tenant={tenant} tool={tl} />}
            </Stack>
            <Typography variant="h6" component="h2">
              {t('log')}
            </Typography>
            <List dense aria-label={t('log')}>
              {(log.data ?? []).map((l) => (
                <ListItem key={l.id} divider>
                  <ListItemText
                    primary={t('logLine', { from: l.from_name ?? '—', to: l.to_name ?? '', who: l.employee_name ?? '' })}
                    secondary={`${new Date(l.created_on).toLocaleString()}${l.note ? ` · ${l.note}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
            <Typography variant="h6" component="h2">
              {t('tabs.reservations')}
            </Typography>
            {(res.data ?? []).length === 0 && <Typography variant="body2">{t('noReservations')}</Typography>}
            {(res.data ?? []).map((r) => (
              <Typography key={r.id} variant="body2" color={r.overdue ? 'error' : undefined}>
                {r.start_date} – {r.end_date} {[r.employee_name, r.job_label].filter(Boolean).join(', ')}{' '}
                {r.overdue ? `(${t('overdue')})` : ''}
              </Typography>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
      {moving && <MoveDialog tenant={tenant} ids={[id]} onClose={() => setMoving(false)} />}
      {editing && tl && <ToolEditDialog tenant={tenant} tool={tl} onClose={() => setEditing(false)} />}
    </Dialog>
  );
}

function ScanDialog({ tenant, onClose, onFound }: { tenant: string; onClose: () => void; onFound: (id: number) => void }) {
  const { t } = useTranslation('tools');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const find = async (raw: string) => {
    const target = parseScan(raw);
    if (target?.kind !== 'tool') return setError(t('scan.notFound'));
    const tool = await api.getTool({ tenant_uuid: tenant, tool_number: target.number }).catch(() => null);
    if (tool) onFound(tool.id);
    else setError(t('scan.notFound'));
  };
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia || !video.current) return;
    import('@zxing/browser')
      .then(async ({ BrowserQRCodeReader }) => {
        if (cancelled || !video.current) return;
        const reader = new BrowserQRCodeReader();
        const controls = await reader.decodeFromVideoDevice(undefined, video.current, (result) => {
          if (result) {
            controls.stop();
            void findRef.current(result.getText());
          }
        });
        stop = () => controls.stop();
      })
      .catch(() => setError(t('scan.noCamera')));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [t]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('scan.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('scan.camera')}
            sx={{ width: '100%', maxHeight: 240, bgcolor: 'grey.900', borderRadius: 1 }}
          />
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              void find(typed);
            }}
          >
            <Stack direction="row" spacing={1}>
              <TextField label={t('scan.number')} value={typed} onChange={(e) => setTyped(e.target.value)} size="small" autoFocus />
              <Button type="submit" variant="contained">
                {t('scan.find')}
              </Button>
            </Stack>
          </Box>
          {error && <Alert severity="warning">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Containers({ tenant, admin, onView }: { tenant: string; admin: boolean; onView: (id: number) => void }) {
  const { t } = useTranslation('tools');
  const [showArchived, setShowArchived] = useState(false);
  const [confirm, setConfirm] = useState<api.Container | null>(null);
  const active = useContainers(tenant);
  const archivedList = useQuery({
    queryKey: ['tools', tenant, 'containers', 'archived'],
    queryFn: () => api.toolContainers({ tenant_uuid: tenant, status: 0 }),
    enabled: showArchived,
  });
  const containers = showArchived ? archivedList : active;
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const [name, setName] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: ['tools', tenant] });
  const archive = useMutation({
    mutationFn: (id: number) => api.archiveContainer({ tenant_uuid: tenant, id }),
    onSuccess: async () => {
      setConfirm(null);
      snackbar.show({ color: 'success', message: t('messages.containerArchived') });
      await refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.deleteError')) }),
  });
  const add = useMutation({
    mutationFn: () => api.createContainer({ tenant_uuid: tenant, container_name: name.trim() }),
    onSuccess: async () => {
      setName('');
      snackbar.show({ color: 'success', message: t('messages.containerAdded') });
      await refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addError')) }),
  });
  const restore = useMutation({
    mutationFn: (id: number) => api.restoreContainer({ tenant_uuid: tenant, id }),
    onSuccess: async () => {
      snackbar.show({ color: 'success', message: t('containers.restored') });
      await refresh();
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addError')) }),
  });
  return (
    <Stack spacing={2}>
      {admin && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField label={t('containers.name')} value={name} onChange={(e) => setName(e.target.value)} size="small" />
          <Button variant="contained" disabled={!name.trim()} onClick={() => add.mutate()}>
            {t('containers.add')}
          </Button>
          <FormControlLabel
            control={<Checkbox checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />}
            label={t('containers.showArchived')}
          />
        </Stack>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {(containers.data ?? []).map((c) => (
          <Card key={c.id} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {c.container_name} {c.hq && <Chip size="small" label={t('containers.hq')} />}
              </Typography>
              <Typography variant="body2">{t('containers.count', { count: c.tool_count })}</Typography>
              {(c.employee_name || c.job_label) && (
                <Typography variant="body2">{[c.employee_name, c.job_label].filter(Boolean).join(' · ')}</Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button size="small" onClick={() => onView(c.id)} aria-label={t('containers.viewNamed', { name: c.container_name })}>
                  {t('containers.view')}
                </Button>
                {admin && !c.hq && c.status === 1 && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm(c)}
                    aria-label={t('containers.archiveNamed', { name: c.container_name })}
                  >
                    {t('containers.archive')}
                  </Button>
                )}
                {admin && c.status !== 1 && (
                  <Button
                    size="small"
                    onClick={() => restore.mutate(c.id)}
                    disabled={restore.isPending}
                    aria-label={t('containers.restoreNamed', { name: c.container_name })}
                  >
                    {t('containers.restore')}
                  </Button>
                )}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="container-archive-title">
        <DialogTitle id="container-archive-title">{t('containers.archiveTitle', { name: confirm?.container_name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('containers.archiveBody', { count: confirm?.tool_count ?? 0 })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('cancel')}</Button>
          <Button color="error" variant="contained" disabled={archive.isPending} onClick={() => confirm && archive.mutate(confirm.id)}>
            {t('containers.archive')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function Reservations({ tenant, admin }: { tenant: string; admin: boolean }) {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const snackbar = useSnackbar();
  const list = useQuery({ queryKey: ['tools', tenant, 'reservations'], queryFn: () => api.toolReservations({ tenant_uuid: tenant }) });
  const tools = useQuery({
    queryKey: ['tools', tenant, 'list', '', '', '', 1],
    queryFn: () => api.searchTools({ tenant_uuid: tenant, status: 1 }),
  });
  const jobs = useQuery({ queryKey: ['tools', tenant, 'jobs'], queryFn: () => api.listJobs({ tenant_uuid: tenant }), enabled: admin });
  const [picked, setPicked] = useState<number[]>([]);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [job, setJob] = useState<number | ''>('');
  const reserve = useMutation({
    mutationFn: () =>
      api.reserveTools({ tenant_uuid: tenant, tool_ids: picked, start_date: start, end_date: end, jobs_id: job === '' ? null : job }),
    onSuccess: async () => {
      snackbar.show({ color: 'success', message: t('messages.reserved') });
      setPicked([]);
      await qc.invalidateQueries({ queryKey: ['tools', tenant] });
    },
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.addError')) }),
  });
  const step = useMutation({
    mutationFn: (v: { id: number; step: 'out' | 'in' }) => api.reservationStep({ tenant_uuid: tenant, id: v.id }, v.step),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['tools', tenant] }),
    onError: (e) => snackbar.show({ color: 'error', message: errorText(e, t('messages.updateError')) }),
  });
  return (
    <Stack spacing={2}>
      {admin && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {t('reserve.title')}
            </Typography>
            <Stack spacing={2} sx={{ mt: 1 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  type="date"
                  label={t('reserve.start')}
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                  size="small"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="date"
                  label={t('reserve.end')}
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                  size="small"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  select
                  label={t('reserve.job')}
                  value={job}
                  onChange={(e) => setJob(Number(e.target.value))}
                  size="small"
                  sx={{ minWidth: 200 }}
                >
                  {(jobs.data ?? []).map((j) => (
                    <MenuItem key={j.id} value={j.id}>
                      {j.job}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Box sx={{ maxHeight: 220, overflow: 'auto' }} role="group" aria-label={t('reserve.tools')}>
                {(tools.data?.items ?? []).map((tool) => (
                  <FormControlLabel
                    key={tool.id}
                    sx={{ display: 'flex' }}
                    control={
                      <Checkbox
                        checked={picked.includes(tool.id)}
                        onChange={(e) => setPicked(e.target.checked ? [...picked, tool.id] : picked.filter((p) => p !== tool.id))}
                      />
                    }
                    label={`${tool.tool_number} · ${tool.name}`}
                  />
                ))}
              </Box>
              <Button
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                disabled={!picked.length || !start || !end || reserve.isPending}
                onClick={() => reserve.mutate()}
              >
                {t('reserve.action', { count: picked.length })}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <List aria-label={t('tabs.reservations')}>
        {(list.data ?? []).map((r) => (
          <ListItem key={r.id} divider sx={r.overdue ? { borderLeft: 4, borderColor: 'error.main' } : undefined}>
            <ListItemText
              primary={`${r.tool_number ?? ''} · ${r.tool_name ?? ''}`}
              secondary={`${r.start_date} – ${r.end_date} · ${[r.employee_name, r.job_label].filter(Boolean).join(', ')}${r.overdue ? ` · ${t('overdue')}` : ''}`}
            />
            {r.overdue && <Chip size="small" color="error" label={t('overdue')} sx={{ mr: 1 }} />}
            {admin && (
              <Button size="small" onClick={() => step.mutate({ id: r.id, step: r.checked_out_on ? 'in' : 'out' })}>
                {r.checked_out_on ? t('reserve.checkIn') : t('reserve.checkOut')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {list.data?.length === 0 && <Typography>{t('noReservations')}</Typography>}
    </Stack>
  );
}
