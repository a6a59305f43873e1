import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  answerOperations,
  type OperationHandler,
  renderWithQueries,
  requestCalls,
  setupGraphQLEndpoint,
  setWindowWidth,
} from '../../../shell/test-utils';
import { OfficeTab } from './office-tab';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000048';
const segment = {
  id: 31,
  employees_id: 11,
  jobs_id: 10,
  costcodes_id: 20,
  kind: 'WORK',
  started_at: '2026-03-04T07:02:00Z',
  ended_at: '2026-03-04T23:59:00Z',
  start_location_status: 'GIVEN',
  start_latitude: 39.727,
  start_longitude: -104.953,
  start_accuracy_m: 10,
  start_distance_m: 1112,
  start_outside_fence: true,
  end_location_status: 'NOT_ASKED',
  end_latitude: null,
  end_longitude: null,
  end_accuracy_m: null,
  end_distance_m: null,
  end_outside_fence: false,
  punched_by: 11,
  crew_punch: false,
  missed_clock_out: true,
  original_started_at: null,
  original_ended_at: null,
  corrected_by: null,
  corrected_on: null,
  card_locked: false,
};

function handlers(): Record<string, OperationHandler> {
  return {
    TimecardSettings: () => ({
      getTimecardInfo: {
        employee_id: 4,
        settings: { pay_period_type: 1, pay_period_anchor: '2026-03-02', minute_increment: 15, today: '2026-03-04' },
      },
    }),
    OnTheClock: () => ({
      listOnTheClock: [
        {
          employees_id: 11,
          name: 'Hector Silva',
          jobs_id: 10,
          job_name: 'CCT2 · Cherry Creek Townhomes Phase 2',
          costcodes_id: 20,
          costcode: '02-200 Site Work',
          kind: 'WORK',
          since: '2026-03-04T07:02:00Z',
          outside_fence: true,
          distance_m: 1112,
          location_status: 'GIVEN',
        },
        {
          employees_id: 13,
          name: 'Jake Thompson',
          jobs_id: 10,
          job_name: 'CCT2 · Cherry Creek Townhomes Phase 2',
          costcodes_id: 20,
          costcode: '02-200 Site Work',
          kind: 'BREAK',
          since: '2026-03-04T09:30:00Z',
          outside_fence: false,
          distance_m: null,
          location_status: 'DENIED',
        },
      ],
    }),
    ListPunches: (v) => ({ listPunches: { items: v.missed_clock_out || v.outside_fence ? [segment] : [], nextToken: null } }),
    TimecardJobs: () => ({ listTimecardJobs: [{ id: 10, job: 'Cherry Creek Townhomes Phase 2', job_abbr: 'CCT2', status: 1 }] }),
    TimecardCostcodes: () => ({
      listFilteredCostcodes: { budget_costcodes: [{ jobs_id: 10, costcodes_id: 20, costcode: '02-200', description: 'Site Work' }] },
    }),
    TimecardPeople: () => ({
      listEmployees: { items: [{ id: 11, firstname: 'Hector', lastname: 'Silva', username: null }], nextToken: null },
    }),
    PunchSettings: () => ({
      getPunchSettings: { ask_location: true, default_radius_m: 150, location_retention_days: 90, time_zone: 'UTC' },
    }),
    UpdatePunchSettings: (v) => ({
      updatePunchSettings: {
        ask_location: v.ask_location,
        default_radius_m: v.default_radius_m,
        location_retention_days: v.location_retention_days,
        time_zone: v.time_zone,
      },
    }),
  };
}

beforeEach(() => {
  answerOperations(handlers());
  setWindowWidth(390);
});

describe('the office’s view of the punch clock', () => {
  it('shows who is on the clock, where and since when, flagging a punch outside the fence and one without a place', async () => {
    renderWithQueries(<OfficeTab tenant={TENANT} />, { claims: { 'cognito:groups': ['basic_access'] } });
    const now = await screen.findByRole('list', { name: 'People on the clock now' });
    const [hector, jake] = within(now).getAllByRole('listitem');
    expect(hector).toHaveTextContent('Hector Silva');
    expect(hector).toHaveTextContent('CCT2 · Cherry Creek Townhomes Phase 2 · 02-200 Site Work');
    expect(hector).toHaveTextContent('Outside the fence by 1.1 km');
    expect(jake).toHaveTextContent('On break');
    expect(jake).toHaveTextContent('No location (not shared)');
    expect(screen.getByRole('heading', { name: 'On the clock now (2)' })).toBeVisible();
    // A foreman sees no settings.
    expect(screen.queryByRole('heading', { name: 'Punch settings' })).toBeNull();
  });

  it('lists a chosen day’s missed clock-outs and punches outside the fence with the person’s name', async () => {
    renderWithQueries(<OfficeTab tenant={TENANT} />, { claims: { 'cognito:groups': ['basic_access'] } });
    const missed = await screen.findByTestId('missed-clock-outs');
    expect(await within(missed).findByText(/^Hector Silva · Work/)).toBeVisible();
    expect(within(missed).getByText('Missed clock-out')).toBeVisible();
    expect(within(screen.getByTestId('outside-fence')).getByText('In: Outside the fence by 1.1 km')).toBeVisible();
    expect(requestCalls('ListPunches')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ date_from: '2026-03-04', date_to: '2026-03-04', missed_clock_out: true }),
        expect.objectContaining({ date_from: '2026-03-04', date_to: '2026-03-04', outside_fence: true }),
      ]),
    );
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-03-03' } });
    await waitFor(() => expect(requestCalls('ListPunches').some((v) => v.date_from === '2026-03-03')).toBe(true));
  });

  it('gives admins the punch settings, checking the bounds before saving', async () => {
    renderWithQueries(<OfficeTab tenant={TENANT} />, { claims: { 'cognito:groups': ['admin_access'] } });
    const radius = await screen.findByRole('textbox', { name: 'Default site radius (metres)' });
    await waitFor(() => expect(radius).toHaveValue('150'));
    fireEvent.change(radius, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Ask for the location at each punch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a whole number from 10 to 5000.')).toBeVisible();
    expect(requestCalls('UpdatePunchSettings')).toHaveLength(0);
    fireEvent.change(radius, { target: { value: '200' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Keep punch locations (days)' }), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Punch settings saved.')).toBeVisible();
    expect(requestCalls('UpdatePunchSettings')[0]).toMatchObject({
      ask_location: false,
      default_radius_m: 200,
      location_retention_days: 30,
      time_zone: 'UTC',
    });
  });
});
