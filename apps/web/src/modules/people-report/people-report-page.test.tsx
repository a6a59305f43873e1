import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCsvTable, downloadXlsxSheets } from '../../lib/export-files';
import { i18n } from '../../lib/i18n';
import { answerEachOperation, renderRoutes, setupGraphQLEndpoint } from '../../shell/test-utils';
import type { PeopleReport, ReportPerson } from './api';
import { PeopleReportPage } from './people-report-page';

setupGraphQLEndpoint();
vi.mock('../../lib/export-files', () => ({ downloadCsvTable: vi.fn(), downloadXlsxSheets: vi.fn(async () => {}) }));

const TENANT = '00000000-0000-4000-8000-000000000028';
configure({ asyncUtilTimeout: 5000 });

const person = (id: number, name: string, more: Partial<ReportPerson> = {}): ReportPerson => ({
  id,
  name,
  email: null,
  phone: null,
  missing: ['email', 'phone'],
  has_account: true,
  last_seen: null,
  ...more,
});
const ana = person(7, 'Ana Ruiz', { email: 'ana@example.com', missing: ['phone'] });
const ben = person(8, 'Ben Ortiz', { has_account: false });
const cy = person(9, 'Cy Young', { last_seen: '2026-09-01T12:00:00Z', phone: '5550100', missing: [] });

const REPORT: PeopleReport = {
  today: '2026-11-26',
  total: 12,
  active: 10,
  inactive_days: 30,
  by_status: [
    { key: '1', label: 'active', count: 10 },
    { key: '0', label: 'archived', count: 2 },
  ],
  by_trade: [
    { key: 'Carpenter', label: 'Carpenter', count: 6 },
    { key: '', label: '', count: 4 },
  ],
  by_department: [{ key: '3', label: 'Field', count: 8 }],
  by_division: [],
  by_tenure: [
    { key: 'lt1', label: 'lt1', count: 3 },
    { key: '1to3', label: '1to3', count: 2 },
    { key: '3to5', label: '3to5', count: 1 },
    { key: '5plus', label: '5plus', count: 1 },
    { key: 'unknown', label: 'unknown', count: 3 },
  ],
  missing_contact: { items: [ana, ben], total: 2, next_offset: null },
  inactive: { items: [ben, cy], total: 2, next_offset: null },
};

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  answerEachOperation(async (operation) => {
    if (operation !== 'PeopleReport') throw new Error(`unexpected ${operation}`);
    return { peopleReport: REPORT };
  });
});

afterEach(async () => {
  vi.mocked(downloadCsvTable).mockReset();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

function renderPage() {
  const { router } = renderRoutes('/reports/people-report', [
    { path: 'reports/people-report', component: PeopleReportPage },
    { path: 'modules/people', component: () => <p>People page</p> },
    { path: 'reports/graph', component: () => <p>Graph page</p> },
  ]);
  return router;
}

describe('the people report', () => {
  it('shows the headcounts in words, and the two lists with links to each person', async () => {
    const router = renderPage();
    const status = await screen.findByRole('table', { name: 'By status' });
    expect(within(status).getByRole('row', { name: 'Active 10' })).toBeInTheDocument();
    expect(within(status).getByRole('row', { name: 'Archived 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'By trade' })).getByRole('row', { name: 'None 4' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Time with the company' })).getByRole('row', { name: '1 to 3 years 2' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'By division' })).getByText('No one yet.')).toBeInTheDocument();
    expect(screen.getByText('Not signed in for 30 days', { selector: 'p' })).toBeInTheDocument();

    const missing = screen.getByRole('table', { name: 'Missing contact details' });
    expect(within(missing).getByRole('row', { name: /Ana Ruiz ana@example.com — Phone/ })).toBeInTheDocument();
    const inactive = screen.getByRole('table', { name: 'Not signed in for 30 days' });
    expect(within(inactive).getByRole('row', { name: /Ben Ortiz .* No sign-in account/ })).toBeInTheDocument();
    expect(within(inactive).getByRole('row', { name: /Cy Young .* Sep 1, 2026/ })).toBeInTheDocument();

    fireEvent.click(within(inactive).getByRole('link', { name: 'Cy Young' }));
    await screen.findByText('People page');
    expect(router.state.location.search).toEqual({ id: 9 });
  });

  it('exports the headcounts and both lists as CSV and as an Excel workbook', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadCsvTable).toHaveBeenCalledTimes(1));
    const [table, file] = vi.mocked(downloadCsvTable).mock.calls[0];
    expect(file).toBe('people-report-2026-11-26.csv');
    expect(table[0]).toEqual(['Section', 'Group', 'People']);
    expect(table).toContainEqual(['By trade', 'Carpenter', 6]);
    expect(table).toContainEqual(['Ana Ruiz', 'ana@example.com', '', 'Phone', 'No recent sign-in']);
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(downloadXlsxSheets).toHaveBeenCalledTimes(1));
    const [sheets, book] = vi.mocked(downloadXlsxSheets).mock.calls[0];
    expect(book).toBe('people-report-2026-11-26.xlsx');
    expect(sheets.map((s) => s.name)).toEqual(['Headcount', 'Missing contact', 'Not signed in']);
    expect(sheets[2].table.slice(1).map((row) => row[0])).toEqual(['Ben Ortiz', 'Cy Young']);
  });

  it('says so when the report cannot be fetched', async () => {
    answerEachOperation(() => {
      throw new Error('offline');
    });
    renderPage();
    expect(await screen.findByText('There was a problem fetching the people report.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
