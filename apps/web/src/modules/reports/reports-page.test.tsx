import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadBlob, downloadCsvTable } from '../../lib/export-files';
import { i18n } from '../../lib/i18n';
import { answerOperations, type OperationHandler, renderRoutes, requestCalls, setupGraphQLEndpoint } from '../../shell/test-utils';
import { ReportsPage } from './reports-page';
import { validateReportsSearch } from './search';

setupGraphQLEndpoint();
vi.mock('../../lib/export-files', () => ({ downloadBlob: vi.fn(), downloadCsvTable: vi.fn(), downloadXlsxSheets: vi.fn() }));
// The test DOM has no layout for SVG charts: the chart is a stand-in that shows what it was given.
vi.mock('./report-chart', () => ({
  default: ({ report }: { report: string }) => <div role="img" aria-label="Chart of the report" data-report={report} />,
}));

const TENANT = '00000000-0000-4000-8000-000000000027';
configure({ asyncUtilTimeout: 5000 });

const row = (over: Record<string, unknown>) => ({
  jobs_id: 7,
  job: 'MS · Main Street',
  costcodes_id: null,
  costcode: null,
  description: null,
  hrsbdg: 150,
  actual_hours: 56,
  percent_used: 37.3,
  forecast_hours: 128.8,
  first_day: '2026-03-09',
  end_date: '2026-03-31',
  ...over,
});
const MAIN = row({});
const ELM = row({ jobs_id: 8, job: 'Elm Yard', hrsbdg: 20, actual_hours: 10, percent_used: 50, forecast_hours: null, end_date: null });
const labor = (rows: unknown[], nextToken: string | null = null) => ({
  reportLaborBudget: {
    rows,
    totals: { hrsbdg: 170, actual_hours: 66, percent_used: 38.8 },
    // As a server paging 25 at a time would count them; this mock answers one row a page.
    total: 26,
    group_by: 'job',
    today: '2026-03-18',
    nextToken,
  },
});

let handlers: Record<string, OperationHandler>;
const calls = requestCalls;

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  handlers = {
    // Two pages of one row each: the table shows the first, the exports hold both.
    ReportLaborBudget: (v) => (v.nextToken === 'p2' ? labor([ELM]) : labor([MAIN], 'p2')),
    ReportHours: () => ({
      reportHours: { rows: [], totals: { hours: 0, regular_hours: 0, overtime_hours: 0, people: 0 }, weeks: [], total: 0, nextToken: null },
    }),
    ReportLookups: () => ({
      listJobs: { items: [{ id: 7, job: 'Main Street', job_abbr: 'MS', status: 1 }] },
      listCostcodes: { items: [{ id: 3, costcode: '03-300', description: 'Concrete' }] },
      listEmployees: { items: [{ id: 5, firstname: 'Ann', lastname: 'Able', username: null, status: 1 }] },
      listDepartments: { items: [] },
      listDivisions: { items: [] },
    }),
    ReportSpend: () => ({
      reportSpend: {
        rows: [
          {
            jobs_id: 7,
            job: 'MS · Main Street',
            costcodes_id: 3,
            costcode: '03-300 Concrete',
            matbdg: 1000,
            receipts: 120,
            orders: 125,
            spent: 245,
            percent_used: 24.5,
          },
          {
            jobs_id: 7,
            job: 'MS · Main Street',
            costcodes_id: null,
            costcode: null,
            matbdg: 0,
            receipts: 25,
            orders: 0,
            spent: 25,
            percent_used: null,
          },
        ],
        totals: { matbdg: 1000, receipts: 145, orders: 125, spent: 270, percent_used: 27 },
        total: 2,
        nextToken: null,
      },
    }),
    ReportSchedule: () => ({
      reportSchedule: {
        rows: [{ jobs_id: 7, job: 'MS · Main Street', day: '2026-03-09', planned: 2, punched: 3, no_show: 0, unplanned: 1, hours: 15 }],
        totals: { planned: 2, punched: 3, no_show: 0, unplanned: 1, hours: 15 },
        days: [{ day: '2026-03-09', planned: 2, punched: 3 }],
        total: 1,
        nextToken: null,
      },
    }),
    ReportTools: () => ({
      reportTools: {
        rows: [
          {
            tools_id: 1,
            tool_number: 'T-0001',
            name: 'Drill',
            container: 'Main Shop',
            reservations: 2,
            reserved_days: 6,
            utilisation: 60,
            overdue: 1,
            overdue_since: '2026-03-12',
          },
        ],
        totals: { tools: 1, reserved_days: 6, utilisation: 60, overdue: 1 },
        window_days: 10,
        today: '2026-03-18',
        total: 1,
        nextToken: null,
      },
    }),
    ExportReportPdf: () => ({ exportReportPdf: btoa('%PDF-1.7') }),
  };
  answerOperations(handlers);
});

afterEach(async () => {
  vi.mocked(downloadCsvTable).mockReset();
  vi.mocked(downloadBlob).mockReset();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

function renderAt(url: string) {
  const { router } = renderRoutes(url, [{ path: 'admin/reports', validateSearch: validateReportsSearch, component: ReportsPage }], {
    claims: { 'cognito:groups': ['admin_access'] },
  });
  return router;
}

describe('the report catalogue', () => {
  it('opens labor budget vs actual from the catalogue: chart, column headers and the rows the server sent', async () => {
    const router = renderAt('/admin/reports');
    const catalogue = await screen.findByRole('list', { name: 'Report catalogue' });
    expect(within(catalogue).getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(within(catalogue).getByRole('button', { name: /Labor budget vs actual/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ report: 'labor_budget' }));
    expect(await screen.findByRole('heading', { name: 'Labor budget vs actual' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ report: 'labor_budget' });
    const table = await screen.findByRole('table', { name: 'Report rows' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Job', 'Budgeted hours', 'Actual hours', '% used', 'Forecast']);
    const main = within(table).getByRole('row', { name: /MS · Main Street/ });
    expect(
      within(main)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['150', '56', '37.3 %', '128.8']);
    expect(await screen.findByRole('img', { name: 'Chart of the report' })).toHaveAttribute('data-report', 'labor_budget');
    expect(calls('ReportLaborBudget')[0]).toMatchObject({ tenant_uuid: TENANT, filter: { group_by: 'job' }, limit: 25, nextToken: null });
    // The next page asks with the server's token.
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(table).findByRole('row', { name: /Elm Yard/ })).toBeInTheDocument();
    expect(calls('ReportLaborBudget').at(-1)).toMatchObject({ nextToken: 'p2' });
  });

  it('sends the filters of the link and of the controls', async () => {
    renderAt('/admin/reports?report=labor_budget&job=7&group=costcode');
    await waitFor(() => expect(calls('ReportLaborBudget')[0]).toMatchObject({ filter: { jobs_id: 7, group_by: 'costcode' } }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows' }));
    fireEvent.click(await screen.findByRole('option', { name: 'One per job' }));
    await waitFor(() => expect(calls('ReportLaborBudget').at(-1)).toMatchObject({ filter: { jobs_id: 7, group_by: 'job' } }));
  });

  it('hours: the window and the person go to the server', async () => {
    renderAt('/admin/reports?report=hours&from=2026-03-09&to=2026-03-18&person=5&job=7');
    await waitFor(() =>
      expect(calls('ReportHours')[0]).toMatchObject({ filter: { from: '2026-03-09', to: '2026-03-18', employees_id: 5, jobs_id: 7 } }),
    );
    expect(await screen.findByText('No rows match these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(calls('ReportHours').at(-1)).toMatchObject({ filter: { from: '2026-03-01', to: '2026-03-18' } }));
  });

  it('spend: money as the budget tab shows it, the optional dates and the job go to the server', async () => {
    renderAt('/admin/reports?report=spend&from=2026-03-01&job=7');
    const table = await screen.findByRole('table', { name: 'Report rows' });
    const concrete = await within(table).findByRole('row', { name: /03-300 Concrete/ });
    expect(
      within(concrete)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['03-300 Concrete', '1,000.00', '120.00', '125.00', '245.00', '24.5 %']);
    expect(within(table).getByRole('row', { name: /No cost code/ })).toBeInTheDocument();
    expect(calls('ReportSpend')[0]).toMatchObject({ filter: { from: '2026-03-01', jobs_id: 7 } });
    expect(calls('ReportSpend')[0].filter).not.toHaveProperty('to');
  });

  it('schedule vs actual: planned and punched heads per job and day', async () => {
    renderAt('/admin/reports?report=schedule&from=2026-03-09&to=2026-03-10&job=7&department=4');
    const table = await screen.findByRole('table', { name: 'Report rows' });
    const row = await within(table).findByRole('row', { name: /2026-03-09/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['MS · Main Street', '2', '3', '0', '1', '15']);
    expect(calls('ReportSchedule')[0]).toMatchObject({ filter: { from: '2026-03-09', to: '2026-03-10', jobs_id: 7, departments_id: 4 } });
  });

  it('tools: utilisation and overdue reservations for the window, job and person asked for', async () => {
    renderAt('/admin/reports?report=tools&from=2026-03-01&to=2026-03-10&person=5');
    const row = await screen.findByRole('row', { name: /T-0001 Drill/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Main Shop', '2', '6', '60 %', '1', '2026-03-12']);
    expect(calls('ReportTools')[0]).toMatchObject({ filter: { from: '2026-03-01', to: '2026-03-10', employees_id: 5 } });
  });

  it('CSV holds the rows of every page; PDF comes from the server with the same filter', async () => {
    renderAt('/admin/reports?report=labor_budget&job=7');
    await screen.findByRole('row', { name: /MS · Main Street/ });
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(downloadCsvTable).toHaveBeenCalled());
    const [table, fileName] = vi.mocked(downloadCsvTable).mock.calls[0];
    expect(table).toEqual([
      ['Job', 'Budgeted hours', 'Actual hours', '% used', 'Forecast'],
      ['MS · Main Street', 150, 56, 37.3, 128.8],
      ['Elm Yard', 20, 10, 50, ''],
    ]);
    expect(fileName).toMatch(/^labor_budget-\d{4}-\d{2}-\d{2}\.csv$/);
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(downloadBlob).toHaveBeenCalled());
    expect(calls('ExportReportPdf')[0]).toMatchObject({ report: 'labor_budget', filter: { jobs_id: 7, group_by: 'job' }, lang: 'en' });
    expect(await screen.findByText('Report exported.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderAt('/admin/reports?report=labor_budget');
    expect(await screen.findByRole('heading', { name: 'Presupuesto de mano de obra vs real' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Filas del informe' });
    expect(within(table).getByRole('columnheader', { name: 'Horas presupuestadas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todos los informes' })).toBeInTheDocument();
  });
});
