import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answerOperations, renderWithQueries, setupGraphQLEndpoint } from '../../shell/test-utils';
import { ProjectNotesPage } from './project-notes-page';
import { report } from './test-fixtures';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000033';
configure({ asyncUtilTimeout: 5000 });

const REPORTS = [
  report(1, {
    work_performed: 'Poured the north footing.',
    weather: 'Sunny',
    manpower: [
      { employees_id: 11, name: 'Ana Cruz', hours: 8, costcodes: [] },
      { employees_id: 12, name: 'Ben Miller', hours: 4.5, costcodes: [] },
    ],
    sent_on: '2026-03-02T23:00:00Z',
    sent_to: 'office@example.com',
    revised: true,
  }),
  report(2, { jobs_id: 2, job_label: 'RV · Riverside', for_date: '2026-03-03', employee_name: 'Ben Miller' }),
];

let searches: Record<string, unknown>[];
let saves: Record<string, unknown>[];

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  searches = [];
  saves = [];
  answerOperations({
    ReportJobs: () => ({
      listTimecardJobs: [
        { id: 1, job: 'Main Street', job_abbr: 'MS', status: 1 },
        { id: 2, job: 'Riverside', job_abbr: 'RV', status: 1 },
      ],
    }),
    SearchDailyReports: (variables) => {
      searches.push(variables);
      return { searchDailyReports: { items: variables.from ? [] : REPORTS, nextToken: null } };
    },
    SaveDailyReport: (variables) => {
      saves.push(variables);
      return { saveDailyReport: { message: 'ok', report: REPORTS[0] } };
    },
  });
});

afterEach(async () => {
  vi.useRealTimers();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const show = (groups: string[]) => renderWithQueries(<ProjectNotesPage />, { claims: { 'cognito:groups': groups } });

describe('the daily reports page', () => {
  it('lists each report with its day, crew and state; a card opens its report, and saving it refreshes the list', async () => {
    show(['project_notes_admin']);
    const list = await screen.findByRole('list', { name: 'Daily reports' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('MS · Main Street');
    expect(first).toHaveTextContent('Mon, Mar 2, 2026');
    expect(first).toHaveTextContent('2 people · 12.5 h · By Ana Cruz');
    expect(first).toHaveTextContent('SentRevised');
    expect(second).toHaveTextContent('RV · Riverside');
    expect(second).toHaveTextContent('Not sent');
    expect(searches).toEqual([{ tenant_uuid: TENANT, jobs_id: null, from: null, to: null, active: true, nextToken: null }]);

    fireEvent.click(within(first as HTMLElement).getByText('Poured the north footing.'));
    // The day in words, not the raw date (issue 46); its PDF at hand.
    const dialog = await screen.findByRole('dialog', { name: 'Daily report — Mon, Mar 2, 2026' });
    const pdf = within(dialog).getByRole('group', { name: "The report's PDF" });
    expect(within(pdf).getByRole('link', { name: 'Open PDF' })).toHaveAttribute('href', '/api/daily-reports/1/pdf');
    expect(within(pdf).getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(within(pdf).getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(within(dialog).getByLabelText('Weather')).toHaveValue('Sunny');
    expect(within(dialog).getByText(/^Sent .* to office@example.com · Changed since it was sent/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Daily report saved.')).toBeInTheDocument();
    expect(saves).toMatchObject([{ id: 1, send: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(searches).toHaveLength(2));
  });

  it('asks for the chosen month and the archived ones, and says when a filter leaves nothing, in Spanish', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
    await i18n.changeLanguage('es');
    show(['project_notes_basic']);
    expect(await screen.findByRole('heading', { name: 'Mis reportes diarios' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reportes diarios' });
    expect(list).toHaveTextContent('2 personas · 12.5 h');
    expect(list).not.toHaveTextContent('Por Ana Cruz');

    // The month filter says what it holds, in words: all months until one is chosen from the list (issue 46).
    const month = screen.getByRole('combobox', { name: 'Mes' });
    expect(month).toHaveTextContent('Todos los meses');
    fireEvent.mouseDown(month);
    const months = await screen.findByRole('listbox', { name: 'Mes' });
    expect(within(months).getAllByRole('option')[1]).toHaveTextContent('marzo de 2026');
    fireEvent.click(within(months).getByRole('option', { name: 'febrero de 2026' }));
    expect(month).toHaveTextContent('febrero de 2026');
    expect(await screen.findByText('No hay reportes para esta obra y mes.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Archivados' }));
    await waitFor(() => expect(searches).toHaveLength(3));
    expect(searches.slice(1)).toEqual([
      { tenant_uuid: TENANT, jobs_id: null, from: '2026-02-01', to: '2026-02-28', active: true, nextToken: null },
      { tenant_uuid: TENANT, jobs_id: null, from: '2026-02-01', to: '2026-02-28', active: false, nextToken: null },
    ]);
  });
});
