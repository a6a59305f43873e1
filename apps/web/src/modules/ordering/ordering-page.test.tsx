import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answerOperations, type OperationHandler, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../shell/test-utils';
import { OrderingPage } from './ordering-page';
import { order } from './test-fixtures';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000033';
configure({ asyncUtilTimeout: 5000 });

/** Sent and acknowledged; the server expanded the "Deck kit" bundle into its items when it was saved. */
const SENT = order({
  lines: [
    { items_id: 5, description: 'Plywood 3/4 CDX', quantity: 8, unit: 'sheet', unit_cost_cents: 5250, costcodes_id: 3, bundle: 'Deck kit' },
    { items_id: 7, description: 'Joist hanger', quantity: 24, unit: 'each', unit_cost_cents: 150, costcodes_id: 3, bundle: 'Deck kit' },
    { items_id: null, description: 'Delivery', quantity: 1, unit: null, unit_cost_cents: 7500, costcodes_id: null },
  ],
  total_cents: 53100,
  sent_on: '2026-11-02T15:30:00Z',
  sent_to: 'orders@acme.test',
  send_count: 1,
  acknowledged_on: '2026-11-03T09:00:00Z',
});

let handlers: Record<string, OperationHandler>;
const calls = requestCalls;

beforeEach(() => {
  localStorage.setItem('selectedTenantUuid', TENANT);
  handlers = {
    SearchOrders: (v) => ({ searchOrders: { items: v.active ? [SENT] : [], nextToken: null } }),
    OrderLookups: () => ({
      orderLookups: { jobs: [{ id: 7, label: 'MS · Main Street' }], costcodes: [{ id: 3, label: '06-100 Rough carpentry' }] },
    }),
    Vendors: () => ({
      listVendors: {
        items: [
          {
            id: 1,
            name: 'Acme Lumber',
            contact_name: null,
            emails: 'orders@acme.test',
            phone: null,
            address: null,
            is_supplier: true,
            notes: null,
            insurance_expires: null,
            status: 1,
          },
        ],
        nextToken: null,
      },
    }),
    SearchItems: () => ({ searchItems: { items: [], nextToken: null } }),
    DuplicateOrder: () => ({
      duplicateOrder: { ...SENT, id: 43, uuid: 'o43', po_number: 43, sent_on: null, sent_to: null, send_count: 0, acknowledged_on: null },
    }),
  };
  answerOperations(handlers);
});

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

function show(groups: string[]) {
  renderWithQueries(<OrderingPage />, { claims: { 'cognito:groups': groups } });
}

describe('the purchase orders page', () => {
  it('lists the person’s own orders and opens one with its bundle’s items, sent and acknowledged; Duplicate opens the copy', async () => {
    show(['ordering_basic']);
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Only mine' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Purchase orders' });
    const card = within(list).getByRole('button', { name: /PO-0042 · Acme Lumber/ });
    expect(card).toHaveTextContent('$531.00');
    expect(card).toHaveTextContent('MS · Main Street · Nov 2, 2026 · 3 lines');
    expect(card).toHaveTextContent('Acknowledged');
    expect(calls('SearchOrders')[0]).toEqual({ tenant_uuid: TENANT, active: true, mine: false, search: null, limit: 25, nextToken: null });

    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-0042' });
    expect(within(dialog).getByText(/^Sent .+ to orders@acme\.test · Acknowledged by the vendor /)).toBeInTheDocument();
    expect(within(dialog).getAllByText('From Deck kit')).toHaveLength(2);
    const qty = (n: number) => within(within(dialog).getByRole('group', { name: `Item ${n}` })).getByRole('textbox', { name: 'Qty' });
    expect([qty(1), qty(2), qty(3)].map((q) => (q as HTMLInputElement).value)).toEqual(['8', '24', '1']);
    expect(within(dialog).getByLabelText('Line total 1')).toHaveTextContent('$420.00');
    expect(within(dialog).getByLabelText('Line total 2')).toHaveTextContent('$36.00');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('Total: $531.00');
    expect(within(dialog).getByRole('button', { name: 'Send again' })).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    const copy = await screen.findByRole('dialog', { name: 'Purchase order PO-0043' });
    expect(calls('DuplicateOrder')).toEqual([{ tenant_uuid: TENANT, id: 42 }]);
    expect(within(copy).getByText('Not sent')).toBeInTheDocument();
    expect(within(copy).queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent('Order duplicated.');
  });

  it('asks the server for archived orders on the Archived tab and says when there are none', async () => {
    show(['ordering_admin']);
    expect(await screen.findByRole('heading', { name: 'Purchase orders' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Only mine' }));
    await waitFor(() => expect(calls('SearchOrders').at(-1)).toMatchObject({ active: true, mine: true }));
    fireEvent.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(calls('SearchOrders').at(-1)).toMatchObject({ active: false, mine: true });
  });
});
