import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerEachOperation, renderRoutes, requestedOperations, setupGraphQLEndpoint } from '../../../shell/test-utils';
import { MyCrews } from './my-crews';

setupGraphQLEndpoint();
configure({ asyncUtilTimeout: 5000 });

const TENANT = '00000000-0000-4000-8000-000000000046';
const MAIN = { id: 1, label: 'MS · Main Street', address: '12 Main St', budgeted_hours: 320, foremen: 'Fred Member' };
let crewJobs: (typeof MAIN)[];

beforeEach(() => {
  crewJobs = [];
  answerEachOperation(async (operation, vars) => {
    const { from, to } = vars as { from: string; to: string };
    if (operation === 'MyCrews') {
      return {
        getMyCrews: {
          from,
          to,
          jobs: crewJobs,
          people: crewJobs.length ? [{ id: 11, name: 'Ana Cruz', trades: [] }] : [],
          entries: crewJobs.length
            ? [
                {
                  id: 5,
                  jobs_id: 1,
                  employees_id: 11,
                  date: from,
                  event_type: 'Work',
                  confirmation_status: 'confirmed',
                  confirmed_on: null,
                  confirmation_reason: null,
                },
              ]
            : [],
        },
      };
    }
    if (operation === 'ScheduleBoard') {
      return { getScheduleBoard: { from, to, jobs: [MAIN], people: [], entries: [], departments: [], divisions: [] } };
    }
    return undefined;
  });
});

const show = (planner: boolean) =>
  renderRoutes('/modules/scheduling', [
    { path: 'modules/scheduling', component: () => <MyCrews tenant={TENANT} planner={planner} /> },
    { path: 'admin/scheduling', component: () => <p>The planner's board page</p> },
  ]);

describe('My crews (issue 46)', () => {
  it("shows a foreman his jobs' crews with their answers, and no planner's board", async () => {
    crewJobs = [MAIN];
    show(false);
    expect(await screen.findByRole('heading', { name: 'MS · Main Street' })).toBeInTheDocument();
    expect(screen.getByText(/Ana Cruz \(confirmed\)/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "Planner's board" })).toBeNull();
    expect(requestedOperations()).not.toContain('ScheduleBoard');
  });

  it('tells a member who runs no job so, without reading the board', async () => {
    show(false);
    expect(await screen.findByText('You are not a foreman of any job.')).toBeInTheDocument();
    expect(requestedOperations()).toEqual(['MyCrews']);
  });

  it("gives a planner who runs no job the planner's board instead of a dead end", async () => {
    show(true);
    expect(await screen.findByRole('heading', { name: 'Crew scheduling' })).toBeInTheDocument();
    await waitFor(() => expect(requestedOperations()).toContain('ScheduleBoard'));
    expect(screen.queryByText('You are not a foreman of any job.')).toBeNull();
  });

  it('gives a planner who is also a foreman his crews and a way on to the board', async () => {
    crewJobs = [MAIN];
    const { router } = show(true);
    expect(await screen.findByRole('heading', { name: 'MS · Main Street' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: "Planner's board" });
    expect(link).toHaveAttribute('href', '/admin/scheduling');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/scheduling'));
  });
});
