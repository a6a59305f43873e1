import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationHandler } from '../../../shell/test-utils';
import {
  answerOperations,
  renderRoutes,
  requestCalls,
  resetWindowWidth,
  setupGraphQLEndpoint,
  setWindowWidth,
} from '../../../shell/test-utils';
import { validateTimecardsSearch } from '../search';
import { TimecardsView } from './timecards-view';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000001';

// The machine is shared and busy: give lazy MUI pieces and the router more than the 1 s default to appear.
configure({ asyncUtilTimeout: 5000 });

const ann = { id: 5, firstname: 'Ann', lastname: 'Tester', username: null };
const bob = { id: 9, firstname: 'Bob', lastname: 'Builder', username: null };
// Ann's card of the week, signed: everyone sees the banner, only admins may reopen it.
const signedCard = {
  id: 40,
  employees_id: 5,
  payperiod_start_date: '2026-03-02',
  payperiod_end_date: '2026-03-08',
  signed_on: '2026-03-04T17:00:00Z',
  signed_by: 5,
  signature_image: null,
  usernote: null,
};
const info = (extra: Record<string, unknown> = {}) => ({
  getTimecardInfo: {
    employee_id: 5,
    foreman_jobs_id: [],
    people: [ann],
    jobs: [],
    costcodes: [],
    users_timecard: [signedCard],
    users_timecard_entries: [],
    timecard_collection: [],
    timecard_entries_collection: [],
    scheduled_jobs: [],
    ...extra,
  },
});

const calls = requestCalls;

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  const handlers: Record<string, OperationHandler> = {
    TimecardSettings: () => ({
      getTimecardInfo: {
        employee_id: 5,
        settings: { pay_period_type: 1, pay_period_anchor: '2026-03-02', minute_increment: 15, today: '2026-03-04' },
      },
    }),
    TimecardInfo: (v) => (v.fetch_all_timecards ? info({ people: [ann, bob], timecard_collection: [signedCard] }) : info()),
    TimecardJobs: () => ({ listTimecardJobs: [] }),
    TimecardPeople: () => ({ listEmployees: { items: [ann, bob], nextToken: null } }),
  };
  answerOperations(handlers);
  // A phone: the day list.
  setWindowWidth(390);
});

afterEach(() => {
  resetWindowWidth();
  localStorage.clear();
});

function renderAt(url: string, groups: string[]) {
  renderRoutes(url, [{ path: 'modules/timecards', validateSearch: validateTimecardsSearch, component: TimecardsView }], {
    claims: { 'cognito:groups': groups },
  });
}

describe('time card admin controls', () => {
  it('gives admin_access the person picker, the exports, reopening and everyone’s cards', async () => {
    renderAt('/modules/timecards', ['admin_access']);
    expect(await screen.findByTestId('signed-banner')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Time card of' })).toBeVisible();
    await waitFor(() => expect(calls('TimecardPeople')).toHaveLength(1));
    await waitFor(() => expect(calls('TimecardInfo').some((v) => v.fetch_all_timecards === true)).toBe(true));
  });

  for (const groups of [['basic_access'], ['basic_access', 'people_admin', 'projects_admin']]) {
    it(`keeps ${groups.join(' + ')} to their own card, without admin controls`, async () => {
      // Asking for someone else's card is ignored: only admins open other people's cards.
      renderAt('/modules/timecards?employee=9', groups);
      expect(await screen.findByTestId('signed-banner')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Export Excel' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Time card of' })).toBeNull();
      expect(calls('TimecardPeople')).toHaveLength(0);
      expect(calls('TimecardInfo').every((v) => !v.fetch_all_timecards && v.employee_id === null)).toBe(true);
    });
  }
});
