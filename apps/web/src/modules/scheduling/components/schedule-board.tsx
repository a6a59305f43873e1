import { type Announcements, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { daysFrom, unscheduledOn, WORK_EVENT, weekStart } from '@groundwork/core/scheduling';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shell/snackbar';
import { type BoardPerson, fetchBoard, type NewEntry, type ScheduleResult, scheduleKeys, updateSchedule } from '../api/scheduling';
import { cellId, type DragData, type DropData, type Place } from '../lib/board-dnd';
import { dayLabel, outcomeMessage } from '../lib/labels';
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
import { PeoplePanel } from './board-people-panel';
import { BoardTable } from './board-table';
import { DoubleBookingDialog } from './double-booking-dialog';
import { GroupFilter } from './group-filter';
import { PlaceDialog } from './place-dialog';

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
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
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
      {/* A flex gap, not margins: wrapped filters start at the left edge (issue 46). */}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
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
          <PeoplePanel
            days={days}
            focusDay={focusDay}
            showAll={showAll}
            onChooseDay={chooseDay}
            people={panelPeople}
            timeOff={timeOff}
            canWrite={canWrite}
            onPlace={(p) => setPlace({ people: [p], job: '', dates: [focusDay] })}
          />
          <Box sx={{ flex: 1, overflow: 'auto' }}>
            {board.isPending ? (
              <CircularProgress aria-label={t('titles.board')} />
            ) : (
              <BoardTable
                days={days}
                jobs={jobs}
                byCell={byCell}
                canWrite={canWrite}
                name={name}
                onCopyDay={(d) => copy([d], 1)}
                onRemove={(chip) => setStaged((s) => stageRemove(s, chip))}
                onMove={(chip) =>
                  setPlace({
                    people: [personById.get(chip.employees_id) as BoardPerson],
                    move: chip,
                    job: chip.jobs_id ?? '',
                    dates: [chip.date],
                  })
                }
                onCopyCrew={(job, crew, date) =>
                  setPlace({
                    people: crew.map((c) => personById.get(c.employees_id)).filter((p): p is BoardPerson => !!p),
                    job: job.id,
                    dates: [addDays(date, 1)],
                  })
                }
              />
            )}
          </Box>
        </Stack>
      </DndContext>
      <PlaceDialog place={place} jobs={data?.jobs ?? []} days={days} onChange={setPlace} onConfirm={confirmPlace} />
      <DoubleBookingDialog
        entries={doubles?.entries ?? null}
        pending={book.isPending}
        name={name}
        jobLabel={jobLabel}
        onSkip={() => book.mutate([])}
        onConfirm={(entries) => book.mutate(entries)}
      />
    </Stack>
  );
}
