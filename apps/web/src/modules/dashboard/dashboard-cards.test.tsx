import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localToday } from '../../lib/dates';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerEachOperation, renderRoutes, setupGraphQLEndpoint } from '../../shell/test-utils';
import { DashboardCards } from './dashboard-cards';
import type { DashboardNumbers } from './queries';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000027';

const EVERYTHING: DashboardNumbers = {
  today: '2026-03-11',
  hours: { start: '2026-03-09', end: '2026-03-15', regular: 40, overtime: 8.5, total: 48.5 },
  unsigned_timecards: { count: 3, all: true, period_start: '2026-03-02', period_end: '2026-03-08' },
  jobs_over_budget: { count: 1 },
  crew_tomorrow: { date: '2026-03-12', scheduled: 1234, unscheduled: 3 },
  tasks_due: { due: 2, overdue: 1 },
  tools_overdue: { count: 2, all: true },
  receipts_to_review: { count: 5 },
};

const WORKER: DashboardNumbers = {
  ...EVERYTHING,
  unsigned_timecards: null,
  jobs_over_budget: null,
  crew_tomorrow: null,
  tools_overdue: { count: 1, all: false },
  receipts_to_review: null,
};

let answer: DashboardNumbers | Error;
let calls: Record<string, unknown>[];

beforeEach(() => {
  answer = EVERYTHING;
  calls = [];
  answerEachOperation(async (operation, variables) => {
    if (operation !== 'GetDashboard') throw new Error(`unexpected ${operation}`);
    calls.push(variables);
    if (answer instanceof Error) throw answer;
    return { getDashboard: answer };
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function renderCards() {
  const lists = ['modules/timecards', 'modules/projects', 'admin/scheduling', 'modules/tasks', 'modules/tool20', 'modules/receipts'].map(
    (path) => ({ path, component: () => <p>{path} list</p> }),
  );
  const { router } = renderRoutes('/dashboard', [{ path: 'dashboard', component: () => <DashboardCards tenant={TENANT} /> }, ...lists]);
  return router;
}

const link = (name: RegExp) => screen.findByRole('link', { name });

describe('the dashboard cards', () => {
  it('asks once, for the caller’s own today, and shows every card with its number, label and detail', async () => {
    renderCards();
    expect(await link(/^48\.5 Hours this pay period 40 h regular · 8\.5 h overtime$/)).toBeInTheDocument();
    expect(calls).toEqual([{ tenant_uuid: TENANT, today: localToday() }]);
    expect(await link(/^3 Unsigned time cards Everyone · Mar 2\s*–\s*8$/)).toBeInTheDocument();
    expect(await link(/^1 Jobs over budget/)).toBeInTheDocument();
    expect(await link(/^1,234 Scheduled tomorrow 3 not scheduled$/)).toBeInTheDocument();
    expect(await link(/^2 Tasks due 1 overdue$/)).toBeInTheDocument();
    expect(await link(/^2 Tools overdue All reservations$/)).toBeInTheDocument();
    expect(await link(/^5 Receipts to review/)).toBeInTheDocument();
    const hours = screen.getByTestId('dashboard-card-hours');
    expect(within(hours).getByText('48.5')).toBeInTheDocument();
    expect(within(hours).getByText('Hours this pay period')).toBeInTheDocument();
  });

  it('links each card to the list behind it', async () => {
    renderCards();
    await screen.findByTestId('dashboard-card-hours');
    const href = (key: string) => screen.getByTestId(`dashboard-card-${key}`).getAttribute('href');
    expect(href('hours')).toBe('/modules/timecards');
    expect(href('unsigned')).toBe('/modules/timecards?period=2026-03-02');
    expect(href('overBudget')).toBe('/modules/projects');
    expect(href('crew')).toBe('/admin/scheduling');
    expect(href('tasks')).toBe('/modules/tasks');
    expect(href('tools')).toBe('/modules/tool20');
    expect(href('receipts')).toBe('/modules/receipts');
  });

  it('opens the list when a card is followed', async () => {
    const router = renderCards();
    fireEvent.click(await link(/Unsigned time cards/));
    expect(await screen.findByText('modules/timecards list')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ period: '2026-03-02' });
  });

  it('leaves out the cards the person may not see', async () => {
    answer = WORKER;
    renderCards();
    expect(await link(/^1 Tools overdue Your reservations$/)).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(3);
    for (const key of ['unsigned', 'overBudget', 'crew', 'receipts']) expect(screen.queryByTestId(`dashboard-card-${key}`)).toBeNull();
  });

  it('shows nothing at all when no card is the person’s to see', async () => {
    answer = {
      today: '2026-03-11',
      hours: null,
      unsigned_timecards: null,
      jobs_over_budget: null,
      crew_tomorrow: null,
      tasks_due: null,
      tools_overdue: null,
      receipts_to_review: null,
    };
    renderCards();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'At a glance' })).toBeNull());
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a placeholder while loading, then a message with a retry when the request fails', async () => {
    answer = new GraphQLRequestError('boom', 'INTERNAL_SERVER_ERROR', 500);
    renderCards();
    expect(await screen.findByRole('status', { name: 'Loading your numbers…' })).toBeInTheDocument();
    expect(await screen.findByText('There was a problem fetching your numbers.')).toBeInTheDocument();
    answer = EVERYTHING;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await link(/Hours this pay period/)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('speaks Spanish, with Spanish numbers and plurals', async () => {
    await i18n.changeLanguage('es');
    renderCards();
    expect(await screen.findByRole('heading', { name: 'De un vistazo' })).toBeInTheDocument();
    expect(await link(/^48,5 Horas en este periodo de pago 40 h normales · 8,5 h extra$/)).toBeInTheDocument();
    expect(await link(/^2 Tareas pendientes 1 vencida$/)).toBeInTheDocument();
    expect(await link(/^2 Herramientas vencidas Todas las reservas$/)).toBeInTheDocument();
    expect(await link(/^1234 Programados mañana 3 sin programar$|^1\.234 Programados mañana 3 sin programar$/)).toBeInTheDocument();
    expect(await link(/^3 Tarjetas de horas sin firmar Todos · 2\s*–\s*8 mar/)).toBeInTheDocument();
  });
});
