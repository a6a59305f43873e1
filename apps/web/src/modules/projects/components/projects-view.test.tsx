import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationHandler } from '../../../shell/test-utils';
import {
  answerOperations,
  renderRoutes,
  requestCalls,
  resetWindowWidth,
  setupGraphQLEndpoint,
  setWindowWidth,
} from '../../../shell/test-utils';
import { validateProjectsSearch } from '../search';
import { ProjectsView } from './projects-view';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000001';
const job = {
  id: 7,
  uuid: 'u7',
  job: 'Riverside Medical Office Building',
  job_abbr: 'RMOB',
  status: 1,
  customer: 'Riverside Health',
  description: null,
  street: null,
  city: 'Denver',
  state: 'CO',
  zip: null,
  start_date: '2026-03-02',
  end_date: '2026-05-29',
  milestones: [{ title: 'Mobilize', date: '2026-03-02' }],
  created_on: '2026-01-01',
  updated_on: '2026-01-01',
};
const person = (id: number, firstname: string) => ({ id, firstname, lastname: 'Tester', username: null, email: `${firstname}@x.example` });
const budgetLine = (id: number, costcode: string, hrsbdg: number, status = 1) => ({
  id,
  jobs_id: 7,
  costcodes_id: id,
  costcode,
  description: `${costcode} work`,
  hrsbdg,
  matbdg: 1000,
  labbdg: 0,
  eqpbdg: 0,
  subbdg: 0,
  othbdg: 0,
  status,
  actual_hours: 4,
});

let handlers: Record<string, OperationHandler>;
const calls = requestCalls;

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  handlers = {
    ListJobs: () => ({ listJobs: { items: [job], nextToken: null } }),
    GetJobById: () => ({ getJobById: { job, foremen: [person(1, 'Fran')], pms: [person(2, 'Pat')] } }),
    ListProjectBudget: () => ({
      listProjectBudget: {
        jobs_id: 7,
        lines: [budgetLine(1, '01-100', 80), budgetLine(2, '03-300', 20), budgetLine(3, '09-900', 500, 0)],
        totals: { hrsbdg: 100, matbdg: 2000, labbdg: 0, eqpbdg: 0, subbdg: 0, othbdg: 0, actual_hours: 8 },
      },
    }),
    ListJobTeamLinks: () => ({
      listJobsForemen: { items: [{ id: 11, employees_id: 1, jobs_id: 7 }] },
      listJobsPms: { items: [{ id: 12, employees_id: 2, jobs_id: 7 }] },
    }),
    ListProjectEmployees: () => ({ listEmployees: { items: [person(1, 'Fran'), person(2, 'Pat'), person(3, 'Luis')], nextToken: null } }),
    ListProjectCostcodes: () => ({ listCostcodes: { items: [], nextToken: null } }),
    UpdateJobs: (v) => ({ updateJobs: v.data }),
    UpdateJobsCostcodes: () => ({ updateJobsCostcodes: [{ id: 1 }] }),
  };
  answerOperations(handlers);
});

afterEach(() => {
  resetWindowWidth();
  vi.useRealTimers();
  localStorage.clear();
});

function renderAt(url: string, groups: string[] | null) {
  return renderRoutes(url, [{ path: 'admin/projects', validateSearch: validateProjectsSearch, component: () => <ProjectsView admin /> }], {
    // null: nobody signed in (GetUser answered 401), so no permissions.
    claims: groups ? { 'cognito:groups': groups } : null,
  });
}

describe('permission-gated controls', () => {
  it('an admin sees the create, edit, delete, team and budget controls', async () => {
    // A phone: the card list (the test DOM has no layout for the data grid's virtual rows).
    setWindowWidth(390);
    renderAt('/admin/projects', ['projects_admin']);
    expect(await screen.findByRole('button', { name: 'New job' })).toBeVisible();

    fireEvent.click(await screen.findByRole('button', { name: /Riverside Medical Office Building/ }));
    expect(await screen.findByRole('button', { name: 'Edit job' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete job' })).toBeVisible();

    fireEvent.click(screen.getByRole('tab', { name: 'Team' }));
    expect(await screen.findByRole('combobox', { name: 'Add foreman' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Add project manager' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Fran Tester from Foremen' })).toBeEnabled());

    fireEvent.click(screen.getByRole('tab', { name: 'Budget' }));
    expect(await screen.findByRole('textbox', { name: 'Hours for 01-100' })).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Budget line 01-100 on' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Add cost code' })).toBeVisible();
    // The data grid and role queries over it are slow in the test DOM.
  });

  for (const [who, groups] of [
    ['a projects_basic user', ['projects_basic']],
    ['a person without claims', null],
  ] as const) {
    it(`${who} sees the job but no edit controls`, async () => {
      renderAt('/admin/projects?id=7&tab=team', groups ? [...groups] : null);
      expect(await screen.findByText('Fran Tester')).toBeVisible();
      expect(screen.getByText('Pat Tester')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Edit job' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete job' })).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Add foreman' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();

      fireEvent.click(screen.getByRole('tab', { name: 'Budget' }));
      expect(await screen.findByText('01-100')).toBeVisible();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('switch')).toBeNull();
      expect(screen.queryByRole('combobox', { name: 'Add cost code' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'All jobs' }));
      expect(await screen.findByText('You can look at jobs here but not change them.')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'New job' })).toBeNull();
      expect(calls('UpdateJobs')).toHaveLength(0);
    });
  }
});

describe('budget tab', () => {
  it('shows totals over the lines that are on, updates them while typing, and saves on blur', async () => {
    renderAt('/admin/projects?id=7&tab=budget', ['admin_access']);
    const hours = await screen.findByRole('textbox', { name: 'Hours for 01-100' });
    const totals = screen.getByTestId('budget-totals');
    // 80 + 20; the 500 hours of the line that is off do not count.
    expect(within(totals).getByTestId('total-hrsbdg')).toHaveTextContent(/^100$/);
    expect(within(totals).getByTestId('total-actual_hours')).toHaveTextContent(/^8$/);
    expect(within(totals).getByTestId('total-matbdg')).toHaveTextContent('2,000.00');

    fireEvent.change(hours, { target: { value: '130' } });
    expect(within(totals).getByTestId('total-hrsbdg')).toHaveTextContent(/^150$/);

    fireEvent.blur(hours);
    await waitFor(() => expect(calls('UpdateJobsCostcodes')).toEqual([{ tenant_uuid: TENANT, data: [{ id: 1, hrsbdg: 130 }] }]));
    expect(await screen.findByText('Budget updated.')).toBeVisible();
  });

  it('a line switched off stays off when a refetch read before the switch arrives late', async () => {
    // The server's lines; a refetch answers with what they were when it was asked.
    const lines = [budgetLine(1, '01-100', 80), budgetLine(2, '03-300', 20)];
    let release: (() => void) | undefined;
    let fetches = 0;
    handlers.ListProjectBudget = () => {
      fetches += 1;
      const snapshot = { listProjectBudget: { jobs_id: 7, lines: lines.map((l) => ({ ...l })), totals: null } };
      if (fetches !== 2) return snapshot;
      return new Promise((resolve) => {
        release = () => resolve(snapshot);
      });
    };
    let answerSwitch: (() => void) | undefined;
    handlers.UpdateJobsCostcodes = (v) => {
      const changes = v.data as { id: number; status?: number }[];
      for (const change of changes) Object.assign(lines.find((l) => l.id === change.id) ?? {}, change);
      const answer = { updateJobsCostcodes: [{ id: 1 }] };
      // The switch's own save is slow too: the late refetch lands while it is still on its way.
      if (changes.some((c) => 'status' in c)) return new Promise((resolve) => (answerSwitch = () => resolve(answer)));
      return answer;
    };
    renderAt('/admin/projects?id=7&tab=budget', ['projects_admin']);
    const material = await screen.findByRole('textbox', { name: 'Material for 03-300' });
    fireEvent.change(material, { target: { value: '2500' } });
    fireEvent.blur(material);
    // The save went through and its refetch is on its way, holding the line as on.
    await waitFor(() => expect(release).toBeDefined());
    const toggle = screen.getByRole('switch', { name: 'Budget line 03-300 on' });
    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(answerSwitch).toBeDefined());
    await act(async () => {
      release?.();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(toggle).not.toBeChecked();
    act(() => answerSwitch?.());
    expect(calls('UpdateJobsCostcodes')).toContainEqual({ tenant_uuid: TENANT, data: [{ id: 2, status: 0 }] });
    await waitFor(() => expect(fetches).toBeGreaterThanOrEqual(3));
    expect(screen.getByRole('switch', { name: 'Budget line 03-300 on' })).not.toBeChecked();
    expect(within(screen.getByTestId('budget-totals')).getByTestId('total-matbdg')).toHaveTextContent('1,000.00');
  });

  it('refuses a negative amount without saving', async () => {
    renderAt('/admin/projects?id=7&tab=budget', ['projects_admin']);
    const material = await screen.findByRole('textbox', { name: 'Material for 03-300' });
    fireEvent.change(material, { target: { value: '-5' } });
    fireEvent.blur(material);
    expect(await screen.findByText('Budget amounts cannot be negative.')).toBeVisible();
    expect(calls('UpdateJobsCostcodes')).toHaveLength(0);
  });
});

describe('timeline', () => {
  const bar = () => screen.findByRole('slider', { name: 'RMOB · Riverside Medical Office Building' });

  it('arrow keys move a bar by a day and Enter saves the new dates', async () => {
    renderAt('/admin/projects?tab=timeline', ['projects_admin']);
    const slider = await bar();
    expect(slider).toHaveAttribute('aria-valuetext', 'Mar 2, 2026 to May 29, 2026');
    slider.focus();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight', shiftKey: true });
    expect(slider).toHaveAttribute('aria-valuetext', 'Mar 4, 2026 to Jun 1, 2026');
    fireEvent.keyDown(slider, { key: 'Enter' });
    await waitFor(() =>
      expect(calls('UpdateJobs')).toEqual([{ tenant_uuid: TENANT, data: [{ id: 7, start_date: '2026-03-04', end_date: '2026-06-01' }] }]),
    );
    expect(await screen.findByText('Job updated.')).toBeVisible();
  });

  it('saves a keyboard move by itself once the keys are still', async () => {
    renderAt('/admin/projects?tab=timeline', ['projects_admin']);
    const slider = await bar();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(calls('UpdateJobs')).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    vi.useRealTimers();
    await waitFor(() => expect(calls('UpdateJobs')[0]?.data).toEqual([{ id: 7, start_date: '2026-02-23', end_date: '2026-05-22' }]));
  });

  it('dragging a bar moves the job by whole days', async () => {
    renderAt('/admin/projects?tab=timeline', ['projects_admin']);
    const slider = await bar();
    fireEvent.pointerDown(slider, { pointerId: 1, button: 0, clientX: 100 });
    fireEvent.pointerMove(slider, { pointerId: 1, clientX: 141 });
    expect(slider).toHaveAttribute('data-start', '2026-03-12');
    fireEvent.pointerUp(slider, { pointerId: 1, clientX: 141 });
    await waitFor(() => expect(calls('UpdateJobs')[0]?.data).toEqual([{ id: 7, start_date: '2026-03-12', end_date: '2026-06-08' }]));
  });

  it('a failed update says so and reloads the job', async () => {
    handlers.UpdateJobs = () => {
      throw new Error('boom');
    };
    renderAt('/admin/projects?tab=timeline', ['projects_admin']);
    const slider = await bar();
    expect(calls('ListJobs')).toHaveLength(1);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(await screen.findByText('Failed to update job timeline. Please try again.')).toBeVisible();
    await waitFor(() => expect(calls('ListJobs')).toHaveLength(2));
    await waitFor(() => expect(slider).toHaveAttribute('data-start', '2026-03-02'));
  });

  it('a read-only person cannot move bars', async () => {
    renderAt('/admin/projects?tab=timeline', ['projects_basic']);
    const slider = await bar();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'Enter' });
    expect(slider).toHaveAttribute('data-start', '2026-03-02');
    expect(slider).toHaveAttribute('aria-readonly', 'true');
    expect(calls('UpdateJobs')).toHaveLength(0);
  });
});
