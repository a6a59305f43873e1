import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { daysFrom, plannedHours, unscheduledOn, WORK_EVENT, weekStart } from '@groundwork/core/scheduling';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbOn';
import GroupsIcon from '@mui/icons-material/Groups';
import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  IconButton,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import {
  type BoardJob,
  type BoardPerson,
  fetchBoard,
  type NewEntry,
  type ScheduleResult,
  scheduleKeys,
  updateSchedule,
} from '../api/scheduling';
import { dayLabel, failureText, outcomeMessage } from '../lib/labels';
import {
  type Chip,
  copyForward,
  EMPTY_STAGED,
  type Staged,
  stageAdd,
  stagedCount,
  stageMove,
  stageRemove,
  visibleEntries,
} from '../lib/staging';

type DragData = { kind: 'person'; person: BoardPerson } | { kind: 'chip'; chip: Chip } | { kind: 'crew'; chips: Chip[]; label: string };
type DropData = { jobs_id: number; date: string; label: string };
type Place = { people: BoardPerson[]; move?: Chip; job: number | ''; dates: string[] };

const cellId = (job: number, date: string) => `cell:${job}:${date}`;

/** /admin/scheduling: people by day for a week, jobs as rows; drag (or use the menus) to plan, then Save. */
export function ScheduleBoard({ tenant, canWrite }: { tenant: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation('scheduling');
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(() => weekStart(isoDay(new Date())));
  const to = addDays(from, 6);
  const days = daysFrom(from, 7);
  const [staged, setStaged] = useState<Staged>(EMPTY_STAGED);
  const [trade, setTrade] = useState('');
  const [department, setDepartment] = useState('');
  const [division, setDivision] = useState('');
  const [search, setSearch] = useState('');
  const [focusDay, setFocusDay] = useState(() => {
    const today = isoDay(new Date());
    return today >= from && today <= to ? today : from;
  });
  const [showAll, setShowAll] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const [doubles, setDoubles] = useState<{ first: ScheduleResult; entries: NewEntry[] } | null>(null);

  const board = useQuery({
    queryKey: scheduleKeys.board(tenant, from, to),
    queryFn: () => fetchBoard(tenant, from, to),
    placeholderData: keepPreviousData,
  });
  const data = board.data;
  const people = data?.people ?? [];
  const personById = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const jobById = useMemo(() => new Map((data?.jobs ?? []).map((j) => [j.id, j])), [data]);
  const chips = useMemo(() => visibleEntries(data?.entries ?? [], staged), [data, staged]);
  const byCell = useMemo(() => {
    const map = new Map<string, Chip[]>();
    for (const c of chips) {
      if (c.jobs_id === null || c.event_type !== WORK_EVENT) continue;
      const k = cellId(c.jobs_id, c.date);
      map.set(k, [...(map.get(k) ?? []), c]);
    }
    return map;
  }, [chips]);
  const timeOff = useMemo(() => chips.filter((c) => c.event_type !== WORK_EVENT), [chips]);
  const trades = useMemo(() => [...new Set(people.flatMap((p) => p.trades))].sort(), [people]);
  const shownPeople = people.filter(
    (p) =>
      (!trade || p.trades.includes(trade)) &&
      (!department || p.departments.includes(Number(department))) &&
      (!division || p.divisions.includes(Number(division))),
  );
  const panelPeople = showAll ? shownPeople : unscheduledOn(shownPeople, chips, focusDay);
  const jobs = (data?.jobs ?? []).filter((j) => !search.trim() || j.label.toLowerCase().includes(search.trim().toLowerCase()));
  const name = (id: number) => personById.get(id)?.name ?? `#${id}`;
  const jobLabel = (id: number | null) => (id === null ? '' : (jobById.get(id)?.label ?? `#${id}`));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      // Space picks up and drops; Enter on a chip opens the move dialog instead (the other keyboard path).
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
  const dragName = (data: DragData | undefined) =>
    !data ? '' : data.kind === 'person' ? data.person.name : data.kind === 'chip' ? name(data.chip.employees_id) : data.label;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.pickedUp', { name: dragName(active.data.current as DragData) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('dnd.over', { name: dragName(active.data.current as DragData), target: (over.data.current as DropData).label })
        : t('dnd.nowhere', { name: dragName(active.data.current as DragData) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.dropped', { name: dragName(active.data.current as DragData), target: (over.data.current as DropData).label })
        : t('dnd.cancelled', { name: dragName(active.data.current as DragData) }),
    onDragCancel: ({ active }) => t('dnd.cancelled', { name: dragName(active.data.current as DragData) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const drag = active.data.current as DragData | undefined;
    const drop = over?.data.current as DropData | undefined;
    if (!drag || !drop || !data) return;
    const target = { jobs_id: drop.jobs_id, date: drop.date };
    if (drag.kind === 'person') setStaged((s) => stageAdd(data.entries, s, [{ ...target, employees_id: drag.person.id }]));
    else if (drag.kind === 'chip') setStaged((s) => stageMove(data.entries, s, drag.chip, target));
    else
      setStaged((s) =>
        stageAdd(
          data.entries,
          s,
          drag.chips.map((c) => ({ ...target, employees_id: c.employees_id })),
        ),
      );
  };

  const finish = (result: { added: number; removed: number; failed: ScheduleResult['failed'] }) => {
    snackbar.show(outcomeMessage(result, t));
    setStaged(EMPTY_STAGED);
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all(tenant) });
  };

  const save = useMutation({
    mutationFn: () => updateSchedule(tenant, staged.adds, staged.removes),
    onSuccess: (result) => {
      const double = result.failed.filter((f) => f.code === 'DOUBLE_BOOKED' && f.kind === 'add');
      if (double.length) {
        setDoubles({ first: result, entries: double.map((f) => staged.adds[f.index]).filter(Boolean) });
        return;
      }
      finish({ added: result.added.length, removed: result.removed.length, failed: result.failed });
    },
    onError: (error) => {
      console.error('updateSchedule failed', error);
      snackbar.show({ color: 'error', message: t('messages.failed') });
    },
  });

  const book = useMutation({
    mutationFn: (entries: NewEntry[]) => updateSchedule(tenant, entries, [], true),
    onSettled: (second, error) => {
      if (!doubles) return;
      const { first } = doubles;
      setDoubles(null);
      if (error) console.error('updateSchedule failed', error);
      const rest = first.failed.filter((f) => f.code !== 'DOUBLE_BOOKED');
      finish({
        added: first.added.length + (second?.added.length ?? 0),
        removed: first.removed.length,
        failed: [...rest, ...(second?.failed ?? (error ? first.failed.filter((f) => f.code === 'DOUBLE_BOOKED') : []))],
      });
    },
  });

  const onSave = () => {
    if (stagedCount(staged) === 0) {
      snackbar.show({ color: 'info', message: t('messages.noChange') });
      return;
    }
    save.mutate();
  };

  const copy = (dates: string[], offset: number) => {
    if (!data) return;
    setStaged((s) => stageAdd(data.entries, s, copyForward(visibleEntries(data.entries, s), dates, offset)));
  };

  const copyWeek = useMutation({
    mutationFn: () => updateSchedule(tenant, copyForward(chips, days, 7), []),
    onSuccess: (result) =>
      finish({ added: result.added.length, removed: 0, failed: result.failed.filter((f) => f.code !== 'DOUBLE_BOOKED') }),
    onError: () => snackbar.show({ color: 'error', message: t('messages.failed') }),
  });

  const confirmPlace = () => {
    if (!place || place.job === '' || !data) return;
    const job = place.job;
    if (place.move) {
      const chip = place.move;
      setStaged((s) => stageMove(data.entries, s, chip, { jobs_id: job, date: place.dates[0] ?? chip.date }));
    } else {
      setStaged((s) =>
        stageAdd(
          data.entries,
          s,
          place.people.flatMap((p) => place.dates.map((date) => ({ jobs_id: job, employees_id: p.id, date }))),
        ),
      );
    }
    setPlace(null);
  };

  const goTo = (week: string, day: string) => {
    setFrom(week);
    setFocusDay(day);
  };
  const chooseDay = (value: string) => {
    setShowAll(value === 'all');
    if (value !== 'all') setFocusDay(value);
  };

  if (board.isError && !data) return <Alert severity="error">{t('messages.fetchError')}</Alert>;
  const changes = stagedCount(staged);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 2 }}>
          {t('titles.board')}
        </Typography>
        <IconButton aria-label={t('board.previousWeek')} onClick={() => goTo(addDays(from, -7), addDays(focusDay, -7))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography sx={{ minWidth: 160, textAlign: 'center' }} aria-live="polite">
          {t('board.week', { date: dayLabel(from, i18n.language, true) })}
        </Typography>
        <IconButton aria-label={t('board.nextWeek')} onClick={() => goTo(addDays(from, 7), addDays(focusDay, 7))}>
          <ChevronRightIcon />
        </IconButton>
        <Button onClick={() => goTo(weekStart(isoDay(new Date())), isoDay(new Date()))}>{t('board.thisWeek')}</Button>
        <Box sx={{ flex: 1 }} />
        {canWrite && (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {changes > 0 ? t('board.unsaved', { count: changes }) : ''}
            </Typography>
            <Button startIcon={<ContentCopyIcon />} onClick={() => copyWeek.mutate()} disabled={copyWeek.isPending || chips.length === 0}>
              {t('board.copyWeek')}
            </Button>
            <Button onClick={() => setStaged(EMPTY_STAGED)} disabled={changes === 0}>
              {t('board.discard')}
            </Button>
            <Button variant="contained" onClick={onSave} disabled={save.isPending || book.isPending}>
              {t('board.save')}
            </Button>
          </>
        )}
      </Stack>
      {!canWrite && <Alert severity="info">{t('board.readOnly')}</Alert>}
      {canWrite && (
        <Typography variant="body2" color="text.secondary">
          {t('board.dragHint')}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="schedule-trade">{t('board.trade')}</InputLabel>
          <Select labelId="schedule-trade" label={t('board.trade')} value={trade} onChange={(e) => setTrade(e.target.value)}>
            <MenuItem value="">{t('board.allTrades')}</MenuItem>
            {trades.map((tr) => (
              <MenuItem key={tr} value={tr}>
                {tr}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {!!data?.departments.length && (
          <GroupFilter
            id="schedule-department"
            label={t('board.department')}
            all={t('board.allDepartments')}
            value={department}
            onChange={setDepartment}
            choices={data.departments}
          />
        )}
        {!!data?.divisions.length && (
          <GroupFilter
            id="schedule-division"
            label={t('board.division')}
            all={t('board.allDivisions')}
            value={division}
            onChange={setDivision}
            choices={data.divisions}
          />
        )}
        <TextField size="small" label={t('board.jobSearch')} value={search} onChange={(e) => setSearch(e.target.value)} />
      </Stack>
      <DndContext sensors={sensors} onDragEnd={canWrite ? onDragEnd : undefined} accessibility={{ announcements }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="schedule-people"
            sx={{ width: 220, flexShrink: 0, p: 1.5, position: 'sticky', top: 72, alignSelf: 'flex-start' }}
          >
            <Typography id="schedule-people" variant="subtitle1" component="h2">
              {t('board.people')}
            </Typography>
            <FormControl size="small" fullWidth sx={{ my: 1 }}>
              <InputLabel id="schedule-focus-day">{t('board.unscheduledOn')}</InputLabel>
              <Select
                labelId="schedule-focus-day"
                label={t('board.unscheduledOn')}
                value={showAll ? 'all' : focusDay}
                onChange={(e) => chooseDay(e.target.value)}
              >
                {days.map((d) => (
                  <MenuItem key={d} value={d}>
                    {dayLabel(d, i18n.language)}
                  </MenuItem>
                ))}
                <MenuItem value="all">{t('board.everyone')}</MenuItem>
              </Select>
            </FormControl>
            {!showAll && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('board.unscheduledCount', { count: panelPeople.length })}
              </Typography>
            )}
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 'calc(100vh - 280px)', overflow: 'auto' }}>
              {panelPeople.map((p) => {
                const off = timeOff.find((c) => c.employees_id === p.id && c.date === focusDay);
                return (
                  <li key={p.id}>
                    <PersonCard
                      person={p}
                      disabled={!canWrite}
                      note={off ? t('board.timeOff', { type: off.event_type }) : p.trades.join(', ')}
                      onPlace={() => setPlace({ people: [p], job: '', dates: [focusDay] })}
                      placeLabel={t('board.assign', { name: p.name })}
                    />
                  </li>
                );
              })}
            </Stack>
          </Paper>
          <Box sx={{ flex: 1, overflow: 'auto' }}>
            {board.isPending ? (
              <CircularProgress aria-label={t('titles.board')} />
            ) : (
              <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', minWidth: 900 }}>
                <thead>
                  <tr>
                    <Box component="th" scope="col" sx={{ width: 170, textAlign: 'left', p: 1 }}>
                      {t('board.job')}
                    </Box>
                    {days.map((d) => (
                      <Box component="th" scope="col" key={d} sx={{ p: 0.5, textAlign: 'left', fontWeight: 600 }}>
                        <Stack direction="row" sx={{ alignItems: 'center' }}>
                          <span>{dayLabel(d, i18n.language)}</span>
                          {canWrite && (
                            <Tooltip title={t('board.copyDay', { day: dayLabel(d, i18n.language) })}>
                              <IconButton
                                size="small"
                                aria-label={t('board.copyDay', { day: dayLabel(d, i18n.language) })}
                                onClick={() => copy([d], 1)}
                              >
                                <ContentCopyIcon fontSize="inherit" />
                              </IconButton>
                            </Tooltip>
                          )}
                        </Stack>
                      </Box>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {jobs.length === 0 && (
                    <tr>
                      <td colSpan={8}>
                        <Typography sx={{ p: 2 }}>{t('board.noJobs')}</Typography>
                      </td>
                    </tr>
                  )}
                  {jobs.map((job) => (
                    <JobRow
                      key={job.id}
                      job={job}
                      days={days}
                      byCell={byCell}
                      canWrite={canWrite}
                      name={name}
                      onRemove={(chip) => setStaged((s) => stageRemove(s, chip))}
                      onMove={(chip) =>
                        setPlace({
                          people: [personById.get(chip.employees_id) as BoardPerson],
                          move: chip,
                          job: chip.jobs_id ?? '',
                          dates: [chip.date],
                        })
                      }
                      onCopyCrew={(crew, date) =>
                        setPlace({
                          people: crew.map((c) => personById.get(c.employees_id)).filter((p): p is BoardPerson => !!p),
                          job: job.id,
                          dates: [addDays(date, 1)],
                        })
                      }
                    />
                  ))}
                </tbody>
              </Box>
            )}
          </Box>
        </Stack>
      </DndContext>
      <PlaceDialog place={place} jobs={data?.jobs ?? []} days={days} onChange={setPlace} onConfirm={confirmPlace} />
      <Dialog open={doubles !== null} onClose={() => !book.isPending && doubles && book.mutate([])} aria-labelledby="schedule-double-title">
        <DialogTitle id="schedule-double-title">{t('board.doubleTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('board.doubleText')}</Typography>
          <ul>
            {doubles?.entries.map((e) => (
              <li key={`${e.employees_id}-${e.jobs_id}-${e.date}`}>
                {name(e.employees_id)}, {jobLabel(e.jobs_id)}, {dayLabel(e.date, i18n.language)}:{' '}
                {failureText('Already scheduled on another job that day.', t)}
              </li>
            ))}
          </ul>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => book.mutate([])} disabled={book.isPending}>
            {t('board.doubleSkip')}
          </Button>
          <Button variant="contained" onClick={() => doubles && book.mutate(doubles.entries)} disabled={book.isPending}>
            {t('board.doubleConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function PersonCard({
  person,
  note,
  disabled,
  onPlace,
  placeLabel,
}: {
  person: BoardPerson;
  note: string;
  disabled: boolean;
  onPlace: () => void;
  placeLabel: string;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `person:${person.id}`,
    data: { kind: 'person', person } satisfies DragData,
    disabled,
  });
  return (
    <Paper
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'center',
        px: 1,
        py: 0.5,
        opacity: isDragging ? 0.6 : 1,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        position: 'relative',
        zIndex: isDragging ? 10 : undefined,
      }}
    >
      <Box
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        data-testid={`person-${person.id}`}
        sx={{ flex: 1, cursor: disabled ? 'default' : 'grab', touchAction: 'none', minWidth: 0 }}
      >
        <Typography variant="body2" noWrap>
          {person.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {note}
        </Typography>
      </Box>
      {!disabled && (
        <IconButton size="small" aria-label={placeLabel} onClick={onPlace}>
          <GroupsIcon fontSize="inherit" />
        </IconButton>
      )}
    </Paper>
  );
}

function JobRow({
  job,
  days,
  byCell,
  canWrite,
  name,
  onRemove,
  onMove,
  onCopyCrew,
}: {
  job: BoardJob;
  days: string[];
  byCell: Map<string, Chip[]>;
  canWrite: boolean;
  name: (id: number) => string;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
  onCopyCrew: (crew: Chip[], date: string) => void;
}) {
  const { t } = useTranslation('scheduling');
  const heads = days.reduce((n, d) => n + (byCell.get(cellId(job.id, d))?.length ?? 0), 0);
  const planned = plannedHours(heads);
  const over = job.budgeted_hours > 0 && planned > job.budgeted_hours;
  return (
    <Box component="tr" sx={{ borderTop: 1, borderColor: 'divider', verticalAlign: 'top' }}>
      <Box component="th" scope="row" sx={{ textAlign: 'left', p: 1, fontWeight: 'normal' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {job.label}
        </Typography>
        {job.foremen && (
          <Typography variant="caption" color="text.secondary" component="div">
            {job.foremen}
          </Typography>
        )}
        <Typography variant="caption" component="div" color={over ? 'error' : 'text.secondary'} data-testid={`planned-${job.id}`}>
          {job.budgeted_hours > 0
            ? t('board.plannedVsBudget', { planned, budget: Math.round(job.budgeted_hours) })
            : t('board.noBudget', { planned })}
          {over ? ` (${t('board.overBudget')})` : ''}
        </Typography>
      </Box>
      {days.map((date) => (
        <Cell
          key={date}
          job={job}
          date={date}
          chips={byCell.get(cellId(job.id, date)) ?? []}
          canWrite={canWrite}
          name={name}
          onRemove={onRemove}
          onMove={onMove}
          onCopyCrew={onCopyCrew}
        />
      ))}
    </Box>
  );
}

function Cell({
  job,
  date,
  chips,
  canWrite,
  name,
  onRemove,
  onMove,
  onCopyCrew,
}: {
  job: BoardJob;
  date: string;
  chips: Chip[];
  canWrite: boolean;
  name: (id: number) => string;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
  onCopyCrew: (crew: Chip[], date: string) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  const label = `${job.label}, ${dayLabel(date, i18n.language)}`;
  const { setNodeRef, isOver } = useDroppable({ id: cellId(job.id, date), data: { jobs_id: job.id, date, label } satisfies DropData });
  const crew = useDraggable({
    id: `crew:${job.id}:${date}`,
    data: { kind: 'crew', chips, label: t('board.crewOf', { job: job.label, date: dayLabel(date, i18n.language) }) } satisfies DragData,
    disabled: !canWrite || chips.length === 0,
  });
  return (
    <Box
      component="td"
      ref={setNodeRef}
      data-testid={`cell-${job.id}-${date}`}
      aria-label={label}
      sx={{
        p: 0.5,
        minHeight: 56,
        height: 56,
        bgcolor: isOver ? 'action.hover' : undefined,
        outline: isOver ? 2 : 0,
        outlineColor: 'primary.main',
      }}
    >
      <Stack spacing={0.5}>
        {chips.map((chip) => (
          <EntryChip
            key={chip.id}
            chip={chip}
            job={job}
            name={name(chip.employees_id)}
            canWrite={canWrite}
            onRemove={onRemove}
            onMove={onMove}
          />
        ))}
        {canWrite && chips.length > 0 && (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Box
              ref={crew.setNodeRef}
              {...crew.listeners}
              {...crew.attributes}
              aria-label={t('board.crewOf', { job: job.label, date: dayLabel(date, i18n.language) })}
              sx={{
                cursor: 'grab',
                touchAction: 'none',
                display: 'inline-flex',
                color: 'text.secondary',
                transform: crew.transform ? `translate3d(${crew.transform.x}px, ${crew.transform.y}px, 0)` : undefined,
              }}
            >
              <GroupsIcon fontSize="small" />
            </Box>
            <IconButton size="small" aria-label={`${t('board.copyCrew')}: ${label}`} onClick={() => onCopyCrew(chips, date)}>
              <ContentCopyIcon fontSize="inherit" />
            </IconButton>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

function EntryChip({
  chip,
  job,
  name,
  canWrite,
  onRemove,
  onMove,
}: {
  chip: Chip;
  job: BoardJob;
  name: string;
  canWrite: boolean;
  onRemove: (chip: Chip) => void;
  onMove: (chip: Chip) => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `chip:${chip.id}`,
    data: { kind: 'chip', chip } satisfies DragData,
    disabled: !canWrite,
  });
  const status = chip.confirmation_status as 'pending' | 'confirmed' | 'declined';
  const statusText = t(
    status === 'confirmed' ? 'board.statusConfirmed' : status === 'declined' ? 'board.statusDeclined' : 'board.statusPending',
  );
  const icon =
    status === 'confirmed' ? (
      <CheckCircleIcon fontSize="inherit" color="success" />
    ) : status === 'declined' ? (
      <DoNotDisturbIcon fontSize="inherit" color="error" />
    ) : (
      <HourglassIcon fontSize="inherit" color="disabled" />
    );
  return (
    <Paper
      variant="outlined"
      data-testid={`chip-${chip.employees_id}-${chip.jobs_id}-${chip.date}`}
      data-status={status}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 0.5,
        borderStyle: chip.staged ? 'dashed' : 'solid',
        borderColor: chip.staged ? 'primary.main' : undefined,
        opacity: isDragging ? 0.6 : 1,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        position: 'relative',
        zIndex: isDragging ? 10 : undefined,
      }}
    >
      <Box
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        aria-label={`${name}, ${statusText}`}
        title={chip.confirmation_reason ? `${statusText}: ${chip.confirmation_reason}` : statusText}
        onDoubleClick={() => canWrite && onMove(chip)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canWrite) {
            e.preventDefault();
            onMove(chip);
            return;
          }
          listeners?.onKeyDown?.(e);
        }}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          cursor: canWrite ? 'grab' : 'default',
          touchAction: 'none',
        }}
      >
        {icon}
        <Typography variant="caption" sx={{ lineHeight: 1.2, overflowWrap: 'break-word' }}>
          {name}
        </Typography>
      </Box>
      {canWrite && (
        <IconButton
          size="small"
          sx={{ p: 0.25 }}
          aria-label={t('board.remove', { name, job: job.label, date: dayLabel(chip.date, i18n.language) })}
          onClick={() => onRemove(chip)}
        >
          <CloseIcon fontSize="inherit" />
        </IconButton>
      )}
    </Paper>
  );
}

/** The keyboard and screen-reader path for every drag: pick the job and the days (one day when moving). */
function PlaceDialog({
  place,
  jobs,
  days,
  onChange,
  onConfirm,
}: {
  place: Place | null;
  jobs: BoardJob[];
  days: string[];
  onChange: (p: Place | null) => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation('scheduling');
  const title = place
    ? place.move
      ? t('board.move', { name: place.people[0]?.name ?? '' })
      : place.people.length === 1
        ? t('board.assign', { name: place.people[0].name })
        : t('board.copyCrew')
    : '';
  return (
    <Dialog open={place !== null} onClose={() => onChange(null)} aria-labelledby="schedule-place-title" fullWidth maxWidth="xs">
      <DialogTitle id="schedule-place-title">{title}</DialogTitle>
      {place && (
        <DialogContent>
          <FormControl fullWidth sx={{ mt: 1 }}>
            <InputLabel id="schedule-place-job">{t('board.dialogJob')}</InputLabel>
            <Select
              labelId="schedule-place-job"
              label={t('board.dialogJob')}
              value={place.job}
              onChange={(e) => onChange({ ...place, job: String(e.target.value) === '' ? '' : Number(e.target.value) })}
            >
              {jobs.map((j) => (
                <MenuItem key={j.id} value={j.id}>
                  {j.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl component="fieldset" sx={{ mt: 2 }}>
            <FormLabel component="legend">{t('board.dialogDays')}</FormLabel>
            <FormGroup row>
              {days.map((d) => (
                <FormControlLabel
                  key={d}
                  label={dayLabel(d, i18n.language)}
                  control={
                    <Checkbox
                      checked={place.dates.includes(d)}
                      onChange={(e) =>
                        onChange({
                          ...place,
                          dates: place.move ? [d] : e.target.checked ? [...place.dates, d] : place.dates.filter((x) => x !== d),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => onChange(null)}>{t('board.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={!place || place.job === '' || place.dates.length === 0}>
          {t('board.dialogConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A department or division filter for the board's people ('' is everyone). */
function GroupFilter(props: {
  id: string;
  label: string;
  all: string;
  value: string;
  onChange: (value: string) => void;
  choices: { id: number; label: string }[];
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 180 }}>
      <InputLabel id={props.id}>{props.label}</InputLabel>
      <Select labelId={props.id} label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <MenuItem value="">{props.all}</MenuItem>
        {props.choices.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
