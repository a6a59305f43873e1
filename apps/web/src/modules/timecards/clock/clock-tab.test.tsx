import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { closeOutboxDb, listOutbox, outboxDb } from '../../../lib/outbox/outbox';
import { answerOperations, type OperationHandler, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../../shell/test-utils';
import { ClockTab } from './clock-tab';
import { readCorrection } from './correction-dialog';
import type { PunchSegment } from './punch-api';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000047';
const OWNER = 'cognito-ann';
const ME = 5;

const jobs = [
  { id: 10, job: 'Riverside Medical Office Building', job_abbr: 'RMOB', status: 1 },
  { id: 11, job: 'Cherry Creek Townhomes Phase 2', job_abbr: 'CCT2', status: 1 },
];
const codes = [
  { jobs_id: 10, costcodes_id: 20, costcode: '03-300', description: 'Concrete' },
  { jobs_id: 10, costcodes_id: 21, costcode: '02-200', description: 'Site Work' },
  { jobs_id: 11, costcodes_id: 21, costcode: '02-200', description: 'Site Work' },
];

function seg(over: Partial<PunchSegment>): PunchSegment {
  return {
    id: 1,
    employees_id: ME,
    jobs_id: 10,
    costcodes_id: 20,
    kind: 'WORK',
    started_at: new Date(Date.now() - 65 * 60_000).toISOString(),
    ended_at: null,
    start_location_status: 'GIVEN',
    start_latitude: 39.75,
    start_longitude: -104.99,
    start_accuracy_m: 10,
    start_distance_m: 40,
    start_outside_fence: false,
    end_location_status: null,
    end_latitude: null,
    end_longitude: null,
    end_accuracy_m: null,
    end_distance_m: null,
    end_outside_fence: false,
    punched_by: ME,
    crew_punch: false,
    missed_clock_out: false,
    original_started_at: null,
    original_ended_at: null,
    corrected_by: null,
    corrected_on: null,
    ...over,
  } as PunchSegment;
}

/** The server's punch state, changed by each punch the way the server changes it. */
let server: { open: PunchSegment | null; today: PunchSegment[]; ask_location: boolean };
let nextId = 100;
let outcome = 'DONE';
const crewPeople = [
  { id: 7, name: 'Aisha Johnson', trades: [] },
  { id: 8, name: 'Ben Miller', trades: [] },
];

function handlers(extra: Record<string, OperationHandler> = {}): Record<string, OperationHandler> {
  return {
    TimecardSettings: () => ({
      getTimecardInfo: {
        employee_id: ME,
        settings: { pay_period_type: 1, pay_period_anchor: '2026-03-02', minute_increment: 15, today: '2026-03-04' },
      },
    }),
    TimecardInfo: () => ({
      getTimecardInfo: {
        employee_id: ME,
        foreman_jobs_id: [],
        people: [],
        jobs: [],
        costcodes: [],
        users_timecard: [],
        users_timecard_entries: [],
        timecard_collection: [],
        timecard_entries_collection: [],
        scheduled_jobs: [{ date: '2026-03-04', jobs_id: 10 }],
      },
    }),
    TimecardJobs: () => ({ listTimecardJobs: jobs }),
    TimecardCostcodes: () => ({ listFilteredCostcodes: { budget_costcodes: codes } }),
    PunchState: () => ({
      getPunchState: {
        employees_id: ME,
        open: server.open,
        today: server.today,
        worked_minutes_today: 0,
        suggested_jobs_id: 10,
        suggested_costcodes_id: 20,
        ask_location: server.ask_location,
      },
    }),
    PunchClock: (v) => {
      if (v.employees_ids) {
        return {
          punchClock: {
            results: (v.employees_ids as number[]).map((id, i) => ({
              employees_id: id,
              outcome: i === 0 ? 'DONE' : 'ALREADY_ON_THE_CLOCK',
              segment: null,
            })),
          },
        };
      }
      const at = String(v.device_time);
      if (outcome === 'DONE') {
        const open = server.open;
        const close = (s: PunchSegment) => ({ ...s, ended_at: at, end_location_status: String(v.location_status) });
        if (open) server.today = server.today.map((s) => (s.id === open.id ? close(s) : s));
        const opened =
          v.action === 'OUT'
            ? null
            : seg({
                id: nextId++,
                started_at: at,
                kind: v.action === 'BREAK_START' ? 'BREAK' : 'WORK',
                jobs_id: (v.jobs_id as number) ?? open?.jobs_id,
                costcodes_id: (v.costcodes_id as number) ?? open?.costcodes_id,
                start_location_status: String(v.location_status),
              });
        server.open = opened;
        if (opened) server.today = [...server.today, opened];
      }
      return { punchClock: { results: [{ employees_id: ME, outcome, segment: server.open }] } };
    },
    ...extra,
  };
}

function renderClock(groups = ['basic_access'], extra: Record<string, OperationHandler> = {}) {
  answerOperations(handlers(extra));
  return renderWithQueries(<ClockTab tenant={TENANT} />, { claims: { 'custom:cognito_uuid': OWNER, 'cognito:groups': groups } });
}

function stubGeolocation(answer: 'ok' | 'denied') {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) =>
    answer === 'ok'
      ? ok({ coords: { latitude: 39.7501, longitude: -104.9902, accuracy: 8 }, timestamp: Date.now() } as GeolocationPosition)
      : fail?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError),
  );
  const watchPosition = vi.fn();
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition, clearWatch: vi.fn() },
  });
  return { getCurrentPosition, watchPosition };
}

beforeEach(async () => {
  server = { open: null, today: [], ask_location: true };
  outcome = 'DONE';
  await outboxDb().items.clear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  // The stub is this file's: the next file gets the test DOM's own navigator.
  Reflect.deleteProperty(navigator, 'geolocation');
  localStorage.clear();
  await closeOutboxDb();
});

/** A button once it takes a tap (a punch on its way holds the buttons). */
async function button(name: string | RegExp) {
  const found = await screen.findByRole('button', { name });
  await waitFor(() => expect(found).toBeEnabled());
  return found;
}
/** The pickers hold the suggestion once the jobs and their cost codes are in. */
const ready = () => waitFor(() => expect(screen.getAllByRole('combobox', { name: /^Cost code/ })[0]).toHaveTextContent('03-300 Concrete'));
const punches = (n: number) => waitFor(() => expect(requestCalls('PunchClock')).toHaveLength(n));

describe('the punch clock', () => {
  it('clocks in on the suggested job after asking once about the location, then breaks, switches and clocks out', async () => {
    const geo = stubGeolocation('ok');
    renderClock();
    expect(await screen.findByRole('heading', { name: 'Off the clock' })).toBeVisible();
    // Preselected: today's scheduled job and the suggested cost code.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Job/ })).toHaveTextContent('RMOB · Riverside Medical Office Building'),
    );
    await ready();

    fireEvent.click(await button('Clock in'));
    const consent = await screen.findByRole('dialog', { name: 'Share your location when you punch?' });
    expect(consent).toHaveTextContent('Nothing is tracked in between');
    expect(requestCalls('PunchClock')).toHaveLength(0);
    fireEvent.click(within(consent).getByRole('button', { name: 'Share at punches' }));

    expect(await screen.findByRole('heading', { name: /^On the clock since / })).toBeVisible();
    expect(screen.getByTestId('punch-where')).toHaveTextContent('RMOB · Riverside Medical Office Building · 03-300 Concrete');
    expect(screen.getByTestId('punch-timer')).toHaveTextContent(/^0:0\d$/);
    await punches(1);
    const [clockIn] = requestCalls('PunchClock');
    expect(clockIn).toMatchObject({ action: 'IN', jobs_id: 10, costcodes_id: 20, location_status: 'GIVEN', employees_ids: null });
    expect(clockIn.location).toMatchObject({ latitude: 39.7501, longitude: -104.9902, accuracy_m: 8 });
    expect(Date.parse(String(clockIn.device_time))).toBeLessThanOrEqual(Date.now());
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geo.watchPosition).not.toHaveBeenCalled();
    // The consent is kept: the next punch does not ask again.
    fireEvent.click(await button('Start break'));
    expect(await screen.findByRole('heading', { name: /^On break since / })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    await punches(2);
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(2);

    fireEvent.click(await button('End break'));
    expect(await screen.findByRole('heading', { name: /^On the clock since / })).toBeVisible();

    fireEvent.click(await button('Switch job or cost code'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch job or cost code' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Cost code/ }));
    fireEvent.click(await screen.findByRole('option', { name: '02-200 Site Work' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByTestId('punch-where')).toHaveTextContent('02-200 Site Work'));
    await punches(4);
    expect(requestCalls('PunchClock').at(-1)).toMatchObject({ action: 'SWITCH', jobs_id: 10, costcodes_id: 21 });

    // On the clock, a clock-out goes in one tap.
    fireEvent.click(await button('Clock out'));
    expect(await screen.findByRole('heading', { name: 'Off the clock' })).toBeVisible();
    await punches(5);
    expect(requestCalls('PunchClock').map((v) => v.action)).toEqual(['IN', 'BREAK_START', 'BREAK_END', 'SWITCH', 'OUT']);
    // Today's segments, each with where it was punched.
    const list = screen.getByRole('list', { name: 'Today’s punches' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getAllByText('In: Inside the fence').length).toBeGreaterThan(0);
  });

  it('punches without a place when the person says no, and when the browser refuses', async () => {
    const geo = stubGeolocation('denied');
    renderClock();
    await ready();
    fireEvent.click(await button('Clock in'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' }));
    expect(await screen.findByRole('heading', { name: /^On the clock since / })).toBeVisible();
    await punches(1);
    expect(requestCalls('PunchClock')[0]).toMatchObject({ location_status: 'DENIED', location: null });
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
    expect(screen.getByText('Your location is not shared at punches.')).toBeVisible();

    // Changing one's mind: the browser is asked at the next punch, and its refusal is recorded as DENIED.
    fireEvent.click(screen.getByRole('button', { name: 'Share location' }));
    fireEvent.click(await button('Start break'));
    await waitFor(() => expect(requestCalls('PunchClock')).toHaveLength(2));
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(requestCalls('PunchClock')[1]).toMatchObject({ action: 'BREAK_START', location_status: 'DENIED', location: null });
  });

  it('does not ask when the company does not ask for places', async () => {
    const geo = stubGeolocation('ok');
    server.ask_location = false;
    renderClock();
    await ready();
    // Another job than the suggested one: its only cost code comes with it.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Job/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'CCT2 · Cherry Creek Townhomes Phase 2' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Cost code/ })).toHaveTextContent('02-200 Site Work'));
    fireEvent.click(await button('Clock in'));
    await punches(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestCalls('PunchClock')[0]).toMatchObject({
      action: 'IN',
      jobs_id: 11,
      costcodes_id: 21,
      location_status: 'NOT_ASKED',
      location: null,
    });
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks before clocking out from a break, and says so when the server found nothing to do', async () => {
    server.ask_location = false;
    server.open = seg({ id: 3, kind: 'BREAK' });
    server.today = [seg({ id: 2, ended_at: server.open.started_at }), server.open];
    renderClock();
    expect(await screen.findByRole('heading', { name: /^On break since / })).toBeVisible();
    fireEvent.click(await button('Clock out'));
    const confirm = await screen.findByRole('dialog', { name: 'Clock out?' });
    expect(confirm).toHaveTextContent('You are on a break.');
    expect(requestCalls('PunchClock')).toHaveLength(0);
    outcome = 'NOT_ON_THE_CLOCK';
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clock out' }));
    expect(await screen.findByText('You were not on the clock.')).toBeVisible();
  });

  it('with no signal, shows the punch at once as waiting to send and keeps it on the phone with the tap’s time', async () => {
    server.ask_location = false;
    renderClock();
    const clockIn = await button('Clock in');
    await ready();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const before = Date.now();
    fireEvent.click(clockIn);
    expect(await screen.findByRole('heading', { name: /^On the clock since / })).toBeVisible();
    expect(screen.getByTestId('punch-waiting')).toHaveTextContent('1 punch saved on this phone, waiting to send');
    expect(screen.getByText('Waiting to send')).toBeVisible();
    expect(screen.getByTestId('punch-timer')).toBeVisible();
    expect(requestCalls('PunchClock')).toHaveLength(0);
    const [queued] = await listOutbox(OWNER);
    expect(queued).toMatchObject({
      kind: 'punch',
      status: 'pending',
      tenant_uuid: TENANT,
      variables: { action: 'IN', jobs_id: 10, costcodes_id: 20 },
    });
    expect(Date.parse(String(queued.variables.device_time))).toBeGreaterThanOrEqual(before - 1000);
    expect(queued.label).toMatch(/^Clock in at .* · RMOB · Riverside Medical Office Building · 03-300 Concrete$/);
    // The next punch builds on the waiting one.
    expect(await button('Start break')).toBeVisible();
  });

  it('lets a foreman clock in his crew together and says what happened for each person', async () => {
    server.ask_location = false;
    renderClock(['basic_access'], {
      TimecardInfo: () => ({
        getTimecardInfo: {
          employee_id: ME,
          foreman_jobs_id: [10],
          people: [],
          jobs: [],
          costcodes: [],
          users_timecard: [],
          users_timecard_entries: [],
          timecard_collection: [],
          timecard_entries_collection: [],
          scheduled_jobs: [],
        },
      }),
      MyCrews: () => ({
        getMyCrews: {
          from: '2026-03-04',
          to: '2026-03-04',
          jobs: [{ id: 10, label: 'RMOB', address: null, budgeted_hours: 0, foremen: [] }],
          people: crewPeople,
          entries: [7, 8, ME].map((id) => ({
            id,
            jobs_id: 10,
            employees_id: id,
            date: '2026-03-04',
            event_type: 'Work',
            confirmation_status: 'confirmed',
            confirmed_on: null,
            confirmation_reason: null,
          })),
        },
      }),
      OnTheClock: () => ({
        listOnTheClock: [
          {
            employees_id: 8,
            name: 'Ben Miller',
            jobs_id: 10,
            job_name: 'RMOB · Riverside Medical Office Building',
            costcodes_id: 20,
            costcode: '03-300',
            kind: 'WORK',
            since: '2026-03-04T07:02:00Z',
            outside_fence: false,
            distance_m: 20,
            location_status: 'GIVEN',
          },
        ],
      }),
    });
    const crew = await screen.findByRole('region', { name: 'Crew' });
    expect(await within(crew).findByText(/^On the clock at RMOB/)).toBeVisible();
    // The foreman himself is not in his crew's list: his own punch is above.
    expect(
      within(crew)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Whole crew (2 people)', 'Aisha Johnson', 'Ben Miller']);
    fireEvent.click(within(crew).getByRole('button', { name: 'Clock in crew' }));
    expect(await within(crew).findByText('Tick at least one crew member.')).toBeVisible();
    fireEvent.click(within(crew).getByRole('checkbox', { name: 'Whole crew (2 people)' }));
    fireEvent.mouseDown(within(crew).getByRole('combobox', { name: /^Cost code/ }));
    fireEvent.click(await screen.findByRole('option', { name: '03-300 Concrete' }));
    fireEvent.click(within(crew).getByRole('button', { name: 'Clock in 2 people' }));
    const outcomes = await within(crew).findByTestId('crew-outcomes');
    expect(outcomes).toHaveTextContent('Aisha Johnson is clocked in.');
    expect(outcomes).toHaveTextContent('Ben Miller was already on the clock.');
    expect(requestCalls('PunchClock')[0]).toMatchObject({ action: 'IN', employees_ids: [7, 8], jobs_id: 10, costcodes_id: 20 });
  });

  it('corrects a segment of today, checking the times before sending, and shows what it was', async () => {
    // The phone's clock at 2 PM, whenever the test runs: the segment (12:30–1:30 AM today) is then behind it, as the
    // correction's checks require (at 00:20 it would lie in the future). Only Date is faked; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const afternoon = new Date();
    afternoon.setHours(14, 0, 0, 0);
    vi.setSystemTime(afternoon);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    server.ask_location = false;
    const started = new Date();
    started.setHours(0, 30, 0, 0);
    const ended = new Date(started.getTime() + 60 * 60_000);
    server.today = [
      seg({
        id: 4,
        started_at: started.toISOString(),
        ended_at: ended.toISOString(),
        end_location_status: 'GIVEN',
        end_distance_m: 500,
        end_outside_fence: true,
      }),
    ];
    const corrected = { ...server.today[0], original_started_at: started.toISOString(), original_ended_at: ended.toISOString() };
    renderClock(['basic_access'], {
      CorrectPunch: (v) => {
        server.today = [{ ...corrected, started_at: String(v.started_at), ended_at: String(v.ended_at) }];
        return { correctPunch: server.today[0] };
      },
    });
    const list = await screen.findByRole('list', { name: 'Today’s punches' });
    expect(within(list).getByText(/^Out: Outside the fence by 500/)).toBeVisible();
    fireEvent.click(within(list).getByRole('button', { name: /^Work 12:30/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Correct work / });
    const end = within(dialog).getByLabelText(/^End/);
    fireEvent.change(end, { target: { value: '00:15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeVisible();
    expect(requestCalls('CorrectPunch')).toHaveLength(0);
    fireEvent.change(end, { target: { value: '01:15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestCalls('CorrectPunch')).toHaveLength(1));
    expect(new Date(String(requestCalls('CorrectPunch')[0].ended_at)).getMinutes()).toBe(15);
    expect(await screen.findByTestId('segment-corrected')).toHaveTextContent(/^Corrected, was 12:30\s?AM–1:30\s?AM$/);
  });
});

describe('reading a correction', () => {
  const day = (h: number, m = 0, plus = 0) => {
    const d = new Date(2026, 2, 4 + plus, h, m);
    return d.toISOString();
  };
  const now = Date.parse(day(20));
  it('keeps the segment’s day, runs past midnight only for a segment that did, refuses the future and empty ends', () => {
    expect(readCorrection({ started_at: day(7, 2), ended_at: day(15, 30) }, '07:00', '15:30', now)).toEqual({
      ok: true,
      started_at: day(7),
      ended_at: day(15, 30),
    });
    expect(readCorrection({ started_at: day(7, 2), ended_at: day(15, 30) }, '07:00', '06:00', now)).toMatchObject({
      field: 'end',
      error: 'endBeforeStart',
    });
    expect(readCorrection({ started_at: day(7, 2), ended_at: day(15, 30) }, '', '15:00', now)).toMatchObject({
      field: 'start',
      error: 'required',
    });
    expect(readCorrection({ started_at: day(7, 2), ended_at: day(15, 30) }, '07:00', '', now)).toMatchObject({
      field: 'end',
      error: 'required',
    });
    expect(readCorrection({ started_at: day(7, 2), ended_at: day(15, 30) }, '07:00', '21:00', now)).toMatchObject({
      field: 'end',
      error: 'future',
    });
    expect(readCorrection({ started_at: day(22), ended_at: day(2, 0, 1) }, '22:00', '03:00', Date.parse(day(12, 0, 1)))).toEqual({
      ok: true,
      started_at: day(22),
      ended_at: day(3, 0, 1),
    });
    expect(readCorrection({ started_at: day(7, 2), ended_at: null }, '06:55', '', now)).toEqual({
      ok: true,
      started_at: day(6, 55),
      ended_at: null,
    });
  });
});
