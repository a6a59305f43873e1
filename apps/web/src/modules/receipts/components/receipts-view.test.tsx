import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
import { ReceiptsView } from './receipts-view';

setupGraphQLEndpoint();

configure({ asyncUtilTimeout: 5000 });

// The Filters button with two filters in use (a browser may put a space before the hidden count's comma).
const FILTERS_IN_USE = /^Filters ?, 2 in use$/;
const TENANT = '00000000-0000-4000-8000-000000000001';
const receipt = {
  id: 11,
  uuid: '00000000-0000-4000-8000-0000000000aa',
  receipt_date: '2026-11-20',
  status: 1,
  employees_id: 5,
  jobs_id: 7,
  costcodes_id: null,
  vendor: 'Home Depot',
  amount_cents: 18_743,
  tax_cents: null,
  payment_method: null,
  notes: null,
  employee_name: 'Ben Miller',
  job_label: 'RMOB · Riverside Medical Office Building',
  files: [],
  splits: [],
  created_on: '2026-11-20T10:00:00Z',
  updated_on: '2026-11-20T10:00:00Z',
};

const calls = requestCalls;

let handlers: Record<string, OperationHandler>;

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  handlers = {
    SearchReceipts: () => ({ searchReceipts: { items: [receipt], nextToken: null } }),
    ReceiptJobs: () => ({ listTimecardJobs: [{ id: 7, job: 'Riverside Medical Office Building', job_abbr: 'RMOB', status: 1 }] }),
    ReceiptBudgetCodes: () => ({ listFilteredCostcodes: { budget_costcodes: [] } }),
    ReceiptCostcodes: () => ({ listCostcodes: { items: [], nextToken: null } }),
    ReceiptPeople: () => ({ listEmployees: { items: [{ id: 5, firstname: 'Ben', lastname: 'Miller', username: null }], nextToken: null } }),
    SaveReceipt: (v) => ({ saveReceipt: { ...receipt, ...(v.receipt as object), id: 12 } }),
  };
  answerOperations(handlers);
});

afterEach(() => {
  resetWindowWidth();
  localStorage.clear();
});

function renderView(groups: string[], url = '/modules/receipts') {
  const { router } = renderRoutes(url, [{ path: 'modules/receipts', component: ReceiptsView }], {
    claims: { 'cognito:groups': groups },
  });
  return router;
}

const lastSearch = () => calls('SearchReceipts').at(-1);

describe('receipts by permission', () => {
  it('gives receipts_basic their own cards and Add, and opens a receipt read-only', async () => {
    setWindowWidth(390);
    renderView(['receipts_basic']);
    expect(await screen.findByText('Home Depot')).toBeVisible();
    expect(screen.getByText('$187.43')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add receipt' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(calls('ReceiptPeople')).toHaveLength(0);
    fireEvent.click(screen.getByText('Home Depot'));
    const dialog = await screen.findByRole('dialog', { name: 'Home Depot' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('gives receipts_admin on a desktop everyone’s receipts in a grid with filters and the export', async () => {
    setWindowWidth(1440);
    renderView(['receipts_admin']);
    expect(await screen.findByRole('grid', { name: 'Receipts' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Person' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Job' })).toBeVisible();
    await waitFor(() => expect(calls('ReceiptPeople')).toHaveLength(1));
    expect(calls('SearchReceipts')[0]).toMatchObject({ status: 1, employees_id: null, jobs_id: null });
  });

  it('adds a receipt with today’s date, the job and the amount in cents; the job is required', async () => {
    setWindowWidth(390);
    renderView(['receipts_basic']);
    await screen.findByText('Home Depot');
    fireEvent.click(screen.getByRole('button', { name: 'Add receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add receipt' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeVisible();
    expect(calls('SaveReceipt')).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Job' }));
    fireEvent.click(await screen.findByRole('option', { name: 'RMOB · Riverside Medical Office Building' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('SaveReceipt')).toHaveLength(1));
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(calls('SaveReceipt')[0]?.receipt).toEqual({
      receipt_date: today,
      jobs_id: 7,
      costcodes_id: null,
      vendor: null,
      amount_cents: 1250,
      tax_cents: null,
      payment_method: null,
      notes: null,
      file_uuids: [],
      splits: [],
    });
    expect(await screen.findByText('Receipt added.')).toBeVisible();
  });

  it('says so in the spec’s words when the list cannot be fetched', async () => {
    setWindowWidth(390);
    handlers.SearchReceipts = () => {
      throw new Error('boom');
    };
    renderView(['receipts_basic']);
    expect((await screen.findAllByText('There was a problem fetching receipts.')).length).toBeGreaterThan(0);
  });
});

describe('receipt filters in the address', () => {
  it('reads the filters from a shared link on a desktop, writes each change to the address and goes back with Back', async () => {
    setWindowWidth(1440);
    const router = renderView(['receipts_admin'], '/modules/receipts?job=7&status=archived&from=2026-11-01');
    expect(await screen.findByRole('grid', { name: 'Receipts' })).toBeVisible();
    await waitFor(() => expect(lastSearch()).toMatchObject({ jobs_id: 7, status: 0, from: '2026-11-01', to: null, employees_id: null }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Job' })).toHaveValue('RMOB · Riverside Medical Office Building'));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Person' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ben Miller' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ person: 5, job: 7, status: 'archived', from: '2026-11-01' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ employees_id: 5, jobs_id: 7 }));

    router.history.back();
    await waitFor(() => expect(router.state.location.search).toEqual({ job: 7, status: 'archived', from: '2026-11-01' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Person' })).toHaveValue(''));
    await waitFor(() => expect(lastSearch()).toMatchObject({ employees_id: null, jobs_id: 7 }));
  });

  it('ignores malformed filters in the address, and the filters of the admin list for people who only see their own', async () => {
    setWindowWidth(390);
    renderView(['receipts_basic'], '/modules/receipts?job=7&person=5&status=archived');
    expect(await screen.findByText('Home Depot')).toBeVisible();
    expect(lastSearch()).toMatchObject({ employees_id: null, jobs_id: null, status: 1 });
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('gives phone admins a Filters sheet: Apply writes the address, the badge counts, the empty state clears them', async () => {
    setWindowWidth(390);
    const router = renderView(['receipts_admin'], '/modules/receipts?person=x&from=2026-13-45');
    expect(await screen.findByText('Home Depot')).toBeVisible();
    expect(lastSearch()).toMatchObject({ employees_id: null, from: null, status: 1 });
    expect(screen.queryByRole('grid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter receipts' });
    fireEvent.mouseDown(within(sheet).getByRole('combobox', { name: 'Job' }));
    fireEvent.click(await screen.findByRole('option', { name: 'RMOB · Riverside Medical Office Building' }));
    fireEvent.change(within(sheet).getByLabelText('To'), { target: { value: '2026-11-30' } });
    // Nothing is fetched until Apply.
    expect(lastSearch()).toMatchObject({ jobs_id: null, to: null });
    handlers.SearchReceipts = () => ({ searchReceipts: { items: [], nextToken: null } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sheet).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.search).toMatchObject({ job: 7, to: '2026-11-30' }));
    await waitFor(() => expect(lastSearch()).toMatchObject({ jobs_id: 7, to: '2026-11-30', status: 1 }));
    expect(screen.getByRole('button', { name: FILTERS_IN_USE })).toBeVisible();
    expect(await screen.findByText('No receipts match the filters')).toBeVisible();

    // Clear in the sheet empties the fields; Apply keeps that.
    fireEvent.click(screen.getByRole('button', { name: FILTERS_IN_USE }));
    const again = await screen.findByRole('dialog', { name: 'Filter receipts' });
    expect(within(again).getByRole('combobox', { name: 'Job' })).toHaveValue('RMOB · Riverside Medical Office Building');
    fireEvent.click(within(again).getByRole('button', { name: 'Clear' }));
    expect(within(again).getByRole('combobox', { name: 'Job' })).toHaveValue('');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(again).not.toBeInTheDocument());
    expect(router.state.location.search).toMatchObject({ job: 7 });

    // The empty state's "Clear filters" applies at once; Back brings the filters back.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeVisible();
    router.history.back();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ job: 7, to: '2026-11-30' }));
    expect(await screen.findByRole('button', { name: FILTERS_IN_USE })).toBeVisible();
  });
});
