import { TASK_STATUSES } from '@groundwork/core/tasks';
import AddIcon from '@mui/icons-material/Add';
import ChecklistIcon from '@mui/icons-material/ChecklistRtl';
import { Alert, Autocomplete, Box, Button, MenuItem, Skeleton, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { DateField } from '../../../components/date-field';
import { CardGrid, SHRINKING_CARD_COLUMNS } from '../../../components/list-states';
import { CreateFab } from '../../../components/page-header';
import { TenantGate } from '../../../components/tenant-gate';
import { useDesktop } from '../../../components/use-desktop';
import { localToday } from '../../../lib/dates';
import { useSnackbar } from '../../../shell/snackbar';
import { fetchTaskPage, type Task, type TaskFilter, taskJobsQueryOptions, taskKeys, taskPeopleQueryOptions } from '../api/tasks-api';
import { useTaskActions } from '../lib/use-task-actions';
import { NewTaskDialog } from './new-task-dialog';
import { SetupChecklist } from './setup-checklist';
import { TaskBoard } from './task-board';
import { TaskCard } from './task-card';
import { TaskDialog } from './task-dialog';
import { TemplatesDialog } from './templates-dialog';

export function TasksView() {
  const { t } = useTranslation('tasks');
  return <TenantGate noTenant={t('noTenant')}>{(tenant) => <TenantTasks tenant={tenant} />}</TenantGate>;
}

type Scope = 'mine' | 'jobs' | 'all';
type Filters = { jobs_id: number | ''; assignee_id: number | null; status: string; due_to: string };
const NO_FILTERS: Filters = { jobs_id: '', assignee_id: null, status: 'active', due_to: '' };

function TenantTasks({ tenant }: { tenant: string }) {
  const { t } = useTranslation('tasks');
  const desktop = useDesktop();
  const snackbar = useSnackbar();
  // admin_access: every task and the templates; the matrix's `write` on tasks is exactly that.
  const admin = useCan('tasks', 'write');
  const actions = useTaskActions(tenant);
  const jobs = useQuery(taskJobsQueryOptions(tenant));
  const people = useQuery(taskPeopleQueryOptions(tenant));
  const leads = admin || (jobs.data ?? []).length > 0;
  const [scope, setScope] = useState<Scope>('mine');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [view, setView] = useState<'list' | 'board'>('list');
  const [opened, setOpened] = useState<Task | null>(null);
  const openId = opened?.id ?? null;
  const setOpenId = (id: number | null) => setOpened(id === null ? null : (items.find((x) => x.id === id) ?? null));
  const [adding, setAdding] = useState(false);
  const [templates, setTemplates] = useState(false);
  const board = desktop && view === 'board';

  const filter = useMemo<TaskFilter>(
    () => ({
      scope: scope === 'all' ? null : scope,
      jobs_id: filters.jobs_id === '' ? null : filters.jobs_id,
      assignee_id: filters.assignee_id,
      // The board shows every status in its columns; the list hides done tasks unless asked.
      status: board ? null : filters.status === 'active' ? ['open', 'in_progress'] : filters.status === 'any' ? null : [filters.status],
      due_to: filters.due_to || null,
      today: localToday(),
    }),
    [scope, filters, board],
  );
  const pages = useInfiniteQuery({
    queryKey: taskKeys.list(tenant, filter),
    queryFn: ({ pageParam }) => fetchTaskPage(tenant, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextToken,
  });
  useEffect(() => {
    if (pages.isError) snackbar.show({ color: 'error', message: t('messages.fetchError') });
  }, [pages.isError, snackbar, t]);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  // The open task as the list has it now, else as the last change returned it (a closed task leaves an open-only list).
  const changed = actions.update.data;
  const latest = changed && !changed.queued ? changed.task : undefined;
  const open: Task | null = items.find((x) => x.id === openId) ?? (latest && latest.id === openId ? latest : opened);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Stack spacing={2} sx={{ pb: desktop ? 0 : 10 }}>
      {admin && <SetupChecklist tenant={tenant} />}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2">
          {t('title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {leads && (
            <Button variant="outlined" startIcon={<ChecklistIcon />} onClick={() => setTemplates(true)}>
              {t('templates.open')}
            </Button>
          )}
          {leads && desktop && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {t('list.add')}
            </Button>
          )}
        </Stack>
      </Stack>
      <Tabs
        value={scope}
        onChange={(_e, v: Scope) => setScope(v)}
        aria-label={t('scope.label')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="mine" label={t('scope.mine')} />
        <Tab value="jobs" label={t('scope.jobs')} />
        {admin && <Tab value="all" label={t('scope.all')} />}
      </Tabs>
      <Box
        role="search"
        aria-label={t('filters.label')}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 220px)) auto' },
          alignItems: 'center',
        }}
      >
        <TextField
          select
          size="small"
          label={t('filters.job')}
          value={filters.jobs_id}
          onChange={(e) => set({ jobs_id: e.target.value === '' ? '' : Number(e.target.value) })}
        >
          <MenuItem value="">{t('filters.anyJob')}</MenuItem>
          {(jobs.data ?? []).map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {j.label}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          size="small"
          options={people.data ?? []}
          value={(people.data ?? []).find((p) => p.id === filters.assignee_id) ?? null}
          onChange={(_e, p) => set({ assignee_id: p?.id ?? null })}
          getOptionLabel={(p) => p.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={t('filters.assignee')} />}
        />
        {!board && (
          <TextField
            select
            size="small"
            label={t('filters.status')}
            value={filters.status}
            onChange={(e) => set({ status: e.target.value })}
          >
            <MenuItem value="active">{t('filters.active')}</MenuItem>
            {TASK_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
            <MenuItem value="any">{t('filters.anyStatus')}</MenuItem>
          </TextField>
        )}
        <DateField size="small" label={t('filters.dueBy')} value={filters.due_to} onChange={(e) => set({ due_to: e.target.value })} />
        {desktop && (
          <Tabs value={view} onChange={(_e, v) => setView(v)} aria-label={t('view.label')} sx={{ minHeight: 40 }}>
            <Tab value="list" label={t('view.list')} sx={{ minHeight: 40 }} />
            <Tab value="board" label={t('view.board')} sx={{ minHeight: 40 }} />
          </Tabs>
        )}
      </Box>

      {pages.isPending ? (
        <Stack spacing={1} role="status" aria-busy="true" aria-label={t('list.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : pages.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void pages.refetch()}>
              {t('list.retry')}
            </Button>
          }
        >
          {t('messages.fetchError')}
        </Alert>
      ) : items.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" component="p">
            {t('list.emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t(scope === 'mine' ? 'list.emptyMine' : 'list.emptyBody')}</Typography>
        </Box>
      ) : board ? (
        <TaskBoard
          tasks={items}
          onOpen={(task) => setOpenId(task.id)}
          onMove={(task, status) => actions.update.mutate({ task, action: 'status', status })}
        />
      ) : (
        <CardGrid label={t('list.label')} columns={SHRINKING_CARD_COLUMNS}>
          {items.map((task) => (
            <TaskCard key={task.id} task={task} actions={actions} onOpen={(x) => setOpenId(x.id)} />
          ))}
        </CardGrid>
      )}
      {pages.hasNextPage && (
        <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {t('list.loadMore')}
        </Button>
      )}
      {!desktop && leads && <CreateFab icon={AddIcon} label={t('list.add')} onClick={() => setAdding(true)} />}
      {open && (
        <TaskDialog
          key={open.id}
          tenant={tenant}
          task={open}
          people={people.data ?? []}
          actions={actions}
          onClose={() => setOpenId(null)}
        />
      )}
      {adding && (
        <NewTaskDialog jobs={jobs.data ?? []} people={people.data ?? []} admin={admin} actions={actions} onClose={() => setAdding(false)} />
      )}
      {templates && <TemplatesDialog tenant={tenant} jobs={jobs.data ?? []} admin={admin} onClose={() => setTemplates(false)} />}
    </Stack>
  );
}
