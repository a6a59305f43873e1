import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '../../lib/dates';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerOperations, type OperationHandler, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../shell/test-utils';
import type { Order } from './api';
import { OrderDialog } from './order-dialog';
import { item, order, vendor } from './test-fixtures';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000031';
configure({ asyncUtilTimeout: 5000 });

const VENDORS = [
  vendor(1, 'Acme Lumber', { emails: 'orders@acme.test', insurance_expires: '2099-12-31' }),
  vendor(2, 'Bolt Supply', { emails: 'sales@bolt.test', insurance_expires: '2020-01-31' }),
  vendor(3, 'Gone Hardware', { status: 0 }),
];
const ITEMS = [
  item(5, 'Plywood 3/4 CDX', { unit: 'sheet', unit_cost_cents: 5250, costcodes_id: 3, vendor_name: 'Acme Lumber' }),
  item(6, 'Deck kit', { unit: 'kit', is_bundle: true }),
];

let handlers: Record<string, OperationHandler>;
const calls = requestCalls;

beforeEach(() => {
  handlers = {
    OrderLookups: () => ({
      orderLookups: {
        jobs: [{ id: 7, label: 'MS · Main Street' }],
        costcodes: [
          { id: 3, label: '06-100 Rough carpentry' },
          { id: 4, label: '07-600 Flashing' },
        ],
      },
    }),
    Vendors: () => ({ listVendors: { items: VENDORS, nextToken: null } }),
    SearchItems: (v) => {
      const search = String(v.search ?? '').toLowerCase();
      return { searchItems: { items: ITEMS.filter((i) => i.item.toLowerCase().includes(search)), nextToken: null } };
    },
    SaveOrder: () => ({ saveOrder: { message: 'Order saved.', warning: null, order: null } }),
  };
  answerOperations(handlers);
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** A draft already saved: job, vendor and one catalogue line. */
const draft = order;

function show(order: Order | null = null) {
  const onClose = vi.fn();
  renderWithQueries(<OrderDialog tenant={TENANT} order={order} mayChange onClose={onClose} onOpen={vi.fn()} />);
  return { onClose };
}

const choose = async (label: string, option: string | RegExp) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const line = (n: number) => screen.getByRole('group', { name: `Item ${n}` });
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByRole(label === 'Item' ? 'combobox' : 'textbox', { name: new RegExp(`^${label}`) }), {
    target: { value },
  });
const pickItem = async (n: number, search: string, option: RegExp) => {
  type(line(n), 'Item', search);
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

// A budget, not an assertion: the whole form re-renders on each change, and the first test also pays for warming up
// MUI; on a loaded 2-core machine that passed 30 s.
describe('the purchase order dialog', () => {
  it('prices catalogue and free-text lines, totals the order and sends exactly the form on "Save and send"', async () => {
    const { onClose } = show();
    const dialog = await screen.findByRole('dialog', { name: 'New purchase order' });
    await choose('Job', 'MS · Main Street');
    await choose('Vendor', 'Acme Lumber');
    // The vendor's order address fills the empty "Send to".
    expect(within(dialog).getByRole('textbox', { name: /^Send to/ })).toHaveValue('orders@acme.test');

    await pickItem(1, 'ply', /^Plywood 3\/4 CDX/);
    expect(within(line(1)).getByRole('textbox', { name: 'Unit' })).toHaveValue('sheet');
    expect(within(line(1)).getByRole('textbox', { name: 'Unit cost' })).toHaveValue('52.50');
    expect(within(line(1)).getByRole('combobox', { name: 'Cost code' })).toHaveValue('06-100 Rough carpentry');
    type(line(1), 'Qty', '10');
    expect(screen.getByLabelText('Line total 1')).toHaveTextContent('$525.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add line' }));
    type(line(2), 'Item', 'Custom flashing 10ft');
    type(line(2), 'Qty', '2.5');
    type(line(2), 'Unit cost', '$1,012.10');
    expect(screen.getByLabelText('Line total 2')).toHaveTextContent('$2,530.25');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: $3,055.25');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(calls('SaveOrder')).toHaveLength(1));
    expect(calls('SaveOrder')[0]).toEqual({
      tenant_uuid: TENANT,
      id: null,
      send: true,
      order: {
        jobs_id: 7,
        vendor_id: 1,
        order_date: localToday(),
        deliver_date: null,
        to_emails: 'orders@acme.test',
        cc_email: null,
        notes: null,
        delivery_address: null,
        lines: [
          { items_id: 5, description: 'Plywood 3/4 CDX', quantity: 10, unit: 'sheet', unit_cost_cents: 5250, costcodes_id: 3 },
          { items_id: null, description: 'Custom flashing 10ft', quantity: 2.5, unit: null, unit_cost_cents: 101210, costcodes_id: null },
        ],
      },
    });
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent('Order added and email sent successfully.');
    expect(onClose).toHaveBeenCalled();
  });

  it('marks a bundle as expanding when saved and sends it as one line with its quantity; typing over an item makes free text', async () => {
    show(draft());
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-0042' });
    expect(within(dialog).getByText('Not sent')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total: $525.00');
    // Changing the text of a catalogue item leaves the catalogue: a free-text line that keeps its unit and cost.
    type(line(1), 'Item', 'Plywood 3/4 CDX, sanded');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await pickItem(2, 'deck', /^Deck kit/);
    expect(within(line(2)).getByText('Bundle: expands into its items when saved')).toBeInTheDocument();
    expect(within(line(1)).queryByText('Bundle: expands into its items when saved')).toBeNull();
    type(line(2), 'Qty', '3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without sending' }));
    await waitFor(() => expect(calls('SaveOrder')).toHaveLength(1));
    const sent = calls('SaveOrder')[0] as { id: number; send: boolean; order: { lines: unknown[] } };
    expect(sent.id).toBe(42);
    expect(sent.send).toBe(false);
    expect(sent.order.lines).toEqual([
      { items_id: null, description: 'Plywood 3/4 CDX, sanded', quantity: 10, unit: 'sheet', unit_cost_cents: 5250, costcodes_id: 3 },
      { items_id: 6, description: 'Deck kit', quantity: 3, unit: 'kit', unit_cost_cents: null, costcodes_id: null },
    ]);
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent('Order saved.');
  });

  it('warns while the chosen vendor’s insurance has lapsed, and passes on the server’s warning after saving', async () => {
    handlers.SaveOrder = () => ({
      saveOrder: { message: 'Order saved.', warning: "Bolt Supply's insurance expired on 2020-01-31.", order: null },
    });
    show(draft());
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-0042' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Vendor' })).toHaveValue('Acme Lumber'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Archived vendors are not offered.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Vendor' }));
    await screen.findByRole('option', { name: 'Bolt Supply' });
    expect(screen.queryByRole('option', { name: 'Gone Hardware' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Bolt Supply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Bolt Supply's insurance expired on 2020-01-31.");
    // "Send to" already held Acme's address: choosing another vendor does not overwrite it.
    expect(within(dialog).getByRole('textbox', { name: /^Send to/ })).toHaveValue('orders@acme.test');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without sending' }));
    await waitFor(() => expect(calls('SaveOrder')).toHaveLength(1));
    expect(calls('SaveOrder')[0]).toMatchObject({ id: 42, send: false, order: { vendor_id: 2 } });
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent("Bolt Supply's insurance expired on 2020-01-31.");
  });

  it('refuses bad recipients naming the address, needs someone to send to only when sending, and sends nothing until fixed', async () => {
    show(draft());
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-0042' });
    const to = within(dialog).getByRole('textbox', { name: /^Send to/ });
    const cc = within(dialog).getByRole('textbox', { name: 'Copy to' });
    // The first address is the bad one: the field names it (not "no one to send to").
    fireEvent.change(to, { target: { value: 'bob@acme; orders@acme.test' } });
    fireEvent.change(cc, { target: { value: 'pm@summit.test, not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    expect(await within(dialog).findByText('Invalid email address: bob@acme')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email address: not-an-address')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(cc).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(to, { target: { value: '' } });
    fireEvent.change(cc, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    expect(await within(dialog).findByText('Enter at least one e-mail address to send to.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/^Invalid email address/)).toBeNull();
    expect(calls('SaveOrder')).toHaveLength(0);

    // A draft may wait for its recipients.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without sending' }));
    await waitFor(() => expect(calls('SaveOrder')).toHaveLength(1));
    expect(calls('SaveOrder')[0]).toMatchObject({ id: 42, send: false, order: { to_emails: '', cc_email: null } });
  });

  it('shows the server’s refusal in the dialog and stays open; anything else is a plain failure', async () => {
    handlers.SaveOrder = () => {
      throw new GraphQLRequestError('to_emails: Invalid email address: orders@acme', 'VALIDATION', 200, {
        key: 'ordering.invalidEmail',
        values: { address: 'orders@acme' },
        field: 'to_emails',
      });
    };
    const { onClose } = show(draft());
    const dialog = await screen.findByRole('dialog', { name: 'Purchase order PO-0042' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
    // The field's name is the server's, not the person's: it is left out.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Invalid email address: orders@acme$/);
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent('Invalid email address: orders@acme');
    expect(calls('SaveOrder')[0]).toMatchObject({ id: 42, send: true });

    handlers.SaveOrder = () => {
      throw new GraphQLRequestError('Internal server error', 'INTERNAL', 500);
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without sending' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to save order\.$/));
    expect(calls('SaveOrder')).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Purchase order PO-0042' })).toBeInTheDocument();
  });

  it('speaks Spanish, rules and money included', async () => {
    await i18n.changeLanguage('es');
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Nueva orden de compra' });
    expect(within(dialog).getByRole('combobox', { name: 'Obra' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Proveedor' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Guardar sin enviar' })).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Artículo 1' });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Cant.' }), { target: { value: '12' } });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Costo unitario' }), { target: { value: '1250' } });
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^Total: 15\.000,00\sUS\$$/);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Enviar a/ }), { target: { value: 'bob@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar y enviar' }));
    expect(await within(dialog).findByText('Correo electrónico no válido: bob@')).toBeInTheDocument();
    expect(within(dialog).getByText('Cada línea necesita un artículo o una descripción.')).toBeInTheDocument();
    // The job and the vendor say what core says in English (issue 46: the errors namespace, by key).
    expect(within(dialog).getByText('Elija una de las obras de la empresa.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elija uno de los proveedores de la empresa.')).toBeInTheDocument();
    expect(calls('SaveOrder')).toHaveLength(0);
  });
});
