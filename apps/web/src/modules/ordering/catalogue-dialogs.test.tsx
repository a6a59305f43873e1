import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerOperations, type OperationHandler, renderWithQueries, requestCalls, setupGraphQLEndpoint } from '../../shell/test-utils';
import type { TreeNode } from './api';
import { BulkItemsDialog, ItemDialog, VendorDialog } from './catalogue-dialogs';
import { item } from './test-fixtures';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000032';
configure({ asyncUtilTimeout: 5000 });

const TYPES: TreeNode[] = [
  { id: 1, partclass: 'Lumber', parent_id: null, status: 1 },
  { id: 2, partclass: 'Framing hardware', parent_id: 1, status: 1 },
  { id: 3, partclass: 'Old stock', parent_id: null, status: 0 },
];
const DECK_KIT = item(6, 'Deck kit', { unit: 'kit', is_bundle: true });

let handlers: Record<string, OperationHandler>;
const calls = requestCalls;

beforeEach(() => {
  handlers = {
    BulkCreateItems: (v) => ({ bulkCreateItems: (v.items as { item: string }[]).map((i, n) => ({ id: 100 + n, item: i.item })) }),
    BundleParts: () => ({ bundleParts: [{ id: 91, items_id: 5, item: 'Plywood 3/4 CDX', unit: 'sheet', quantity: 4 }] }),
    SearchItems: () => ({
      searchItems: {
        items: [item(5, 'Plywood 3/4 CDX'), item(7, 'Joist hanger'), DECK_KIT, item(8, 'Stair kit', { is_bundle: true })],
        nextToken: null,
      },
    }),
    CreateBundleItems: () => ({ createBundleItems: [{ id: 92 }] }),
    DeleteBundleItems: () => ({ deleteBundleItems: [{ id: 91 }] }),
    CreateVendors: () => ({ createVendors: [{ id: 4 }] }),
  };
  answerOperations(handlers);
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const show = (ui: ReactElement) => renderWithQueries(ui);

const PASTED = ['Item, Unit, Cost', 'Plywood 3/4 CDX, sheet, 52.50', '"Rebar #4, 20ft", stick, $9.99', 'Joist   hanger'].join('\n');

describe('adding catalogue items from a pasted list', () => {
  it('reads a spreadsheet paste (header skipped, quoted commas kept) and adds the batch with the chosen type', async () => {
    const onClose = vi.fn();
    show(<BulkItemsDialog tenant={TENANT} types={TYPES} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add items from a list' });
    expect(within(dialog).getByRole('button', { name: 'Add items' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Items' }), { target: { value: PASTED } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 items ready to add');

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Type for all of them' }));
    const listbox = await screen.findByRole('listbox');
    // Archived types are not offered.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Lumber', 'Framing hardware']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Framing hardware' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add items' }));
    await waitFor(() => expect(calls('BulkCreateItems')).toHaveLength(1));
    expect(calls('BulkCreateItems')[0]).toEqual({
      tenant_uuid: TENANT,
      item_type_id: 2,
      items: [
        { item: 'Plywood 3/4 CDX', unit: 'sheet', unit_cost_cents: 5250 },
        { item: 'Rebar #4, 20ft', unit: 'stick', unit_cost_cents: 999 },
        { item: 'Joist hanger', unit: null, unit_cost_cents: null },
      ],
    });
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent('3 items added.');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s duplicate messages in the spec’s words, keeps the list, and clears them on an edit', async () => {
    const onClose = vi.fn();
    handlers.BulkCreateItems = () => {
      throw new GraphQLRequestError('Duplicate items detected: Plywood 3/4 CDX', 'VALIDATION', 200, {
        key: 'ordering.duplicateItems',
        values: { names: 'Plywood 3/4 CDX' },
      });
    };
    show(<BulkItemsDialog tenant={TENANT} types={TYPES} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add items from a list' });
    const list = within(dialog).getByRole('textbox', { name: 'Items' });
    fireEvent.change(list, { target: { value: PASTED } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add items' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Duplicate items detected: Plywood 3\/4 CDX$/);
    expect(calls('BulkCreateItems')[0]).toMatchObject({ item_type_id: null });
    expect(list).toHaveValue(PASTED);

    fireEvent.change(list, { target: { value: `${PASTED}\nrebar #4, 20FT` } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    handlers.BulkCreateItems = () => {
      throw new GraphQLRequestError('Duplicate items within batch: Rebar #4, 20ft', 'VALIDATION', 200, {
        key: 'ordering.duplicateInBatch',
        values: { names: 'Rebar #4, 20ft' },
      });
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add items' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Duplicate items within batch: Rebar #4, 20ft$/);

    // Anything that is not about the list is the generic failure, not the server's words.
    handlers.BulkCreateItems = () => {
      throw new GraphQLRequestError('connect ECONNREFUSED 10.0.0.5:5432', 'INTERNAL', 500);
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add items' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to add items\.$/));
    expect(calls('BulkCreateItems')).toHaveLength(3);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('a bundle’s items', () => {
  it('lists the parts with their quantities, adds a plain item with a quantity (1 by default) and removes a part', async () => {
    show(<ItemDialog tenant={TENANT} item={DECK_KIT} vendors={[]} types={TYPES} classes={[]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit item' });
    const parts = await within(dialog).findByRole('list', { name: 'Items in this bundle' });
    expect(within(parts).getByText('Plywood 3/4 CDX')).toBeInTheDocument();
    expect(within(parts).getByText('× 4')).toBeInTheDocument();

    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Add item to bundle' }));
    await screen.findByRole('option', { name: 'Joist hanger' });
    // A bundle holds plain items only: not itself, not another bundle.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Plywood 3/4 CDX', 'Joist hanger']);
    fireEvent.click(screen.getByRole('option', { name: 'Joist hanger' }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    fireEvent.change(quantity, { target: { value: '12' } });
    fireEvent.click(add);
    await waitFor(() => expect(calls('CreateBundleItems')).toHaveLength(1));
    expect(calls('CreateBundleItems')[0]).toEqual({ tenant_uuid: TENANT, data: [{ bundle_items_id: 6, items_id: 7, quantity: 12 }] });
    await waitFor(() => expect(quantity).toHaveValue('1'));

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Add item to bundle' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Plywood 3/4 CDX' }));
    fireEvent.change(quantity, { target: { value: '' } });
    fireEvent.click(add);
    await waitFor(() => expect(calls('CreateBundleItems')).toHaveLength(2));
    expect(calls('CreateBundleItems')[1]).toEqual({ tenant_uuid: TENANT, data: [{ bundle_items_id: 6, items_id: 5, quantity: 1 }] });

    fireEvent.click(within(parts).getByRole('button', { name: 'Remove Plywood 3/4 CDX from the bundle' }));
    await waitFor(() => expect(calls('DeleteBundleItems')).toEqual([{ tenant_uuid: TENANT, data: [{ id: 91 }] }]));
  });
});

describe('a vendor’s order addresses', () => {
  it('are refused naming the bad address, and saved once they are all valid', async () => {
    const onClose = vi.fn();
    show(<VendorDialog tenant={TENANT} vendor={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'New vendor' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Bolt Supply' } });
    const emails = within(dialog).getByRole('textbox', { name: 'E-mail addresses' });
    fireEvent.change(emails, { target: { value: 'sales@bolt.test; bob@bolt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid email address: bob@bolt')).toBeInTheDocument();
    expect(emails).toHaveAttribute('aria-invalid', 'true');
    expect(calls('CreateVendors')).toHaveLength(0);

    fireEvent.change(emails, { target: { value: 'sales@bolt.test; bob@bolt.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('CreateVendors')).toHaveLength(1));
    expect(calls('CreateVendors')[0]).toEqual({
      tenant_uuid: TENANT,
      data: [
        {
          name: 'Bolt Supply',
          contact_name: null,
          emails: 'sales@bolt.test; bob@bolt.test',
          phone: null,
          address: null,
          notes: null,
          insurance_expires: null,
          is_supplier: true,
        },
      ],
    });
    expect(await screen.findByTestId('app-snackbar')).toHaveTextContent('Vendor saved.');
    expect(onClose).toHaveBeenCalled();
  });

  it('are refused in the reader’s language', async () => {
    await i18n.changeLanguage('es');
    show(<VendorDialog tenant={TENANT} vendor={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Bolt Supply' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Correos electrónicos' }), { target: { value: 'bob@bolt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Correo electrónico no válido: bob@bolt')).toBeInTheDocument();
    expect(calls('CreateVendors')).toHaveLength(0);
  });
});
