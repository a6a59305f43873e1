import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { renderInShell } from '../../../shell/test-utils';
import { TenantSettingsForm } from './tenant-settings-form';

const TENANT = '11111111-1111-4111-8111-111111111111';

const CATALOGUE = [
  {
    id: 1,
    title: 'Pay period type',
    group: 'Pay periods',
    value_type: 'select',
    options: ['1', '2', '3'],
    custom_value: 'true',
    pass: '1',
  },
  {
    id: 15,
    title: 'Pay period start date',
    group: 'Pay periods',
    value_type: 'date',
    options: null,
    custom_value: '2024-01-01',
    pass: null,
  },
  {
    id: 7,
    title: 'Same-day time entry',
    group: 'Time entry window',
    value_type: 'boolean',
    options: null,
    custom_value: 'false',
    pass: null,
  },
  {
    id: 43,
    title: '15-minute increments',
    group: 'Minute increments',
    value_type: 'number',
    options: null,
    custom_value: 'true',
    pass: '15',
  },
  {
    id: 44,
    title: '30-minute increments',
    group: 'Minute increments',
    value_type: 'number',
    options: null,
    custom_value: 'false',
    pass: '30',
  },
  { id: 17, title: 'Show messages', group: 'Display', value_type: 'boolean', options: null, custom_value: 'true', pass: null },
].map(({ id, pass, ...rest }) => ({ codx_tenant_options_values_id: id, description: null, pass_through_value: pass, ...rest }));

type Answer = { data?: unknown; errors?: { message: string; extensions: { code: string } }[] };

function mockGraphql(onUpdate: (variables: Record<string, unknown>) => Answer) {
  const updates: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { query, variables } = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
      let answer: Answer;
      if (query.includes('ListGlobalSettings')) answer = { data: { listGlobalSettings: CATALOGUE } };
      else {
        updates.push(variables);
        answer = onUpdate(variables);
      }
      return new Response(JSON.stringify(answer), { status: answer.errors ? 400 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return updates;
}

function renderForm() {
  const queryClient = createQueryClient();
  renderInShell(
    <QueryClientProvider client={queryClient}>
      <TenantSettingsForm tenant={TENANT} />
    </QueryClientProvider>,
  );
}

// MUI forms render slowly in the test DOM on a busy machine.
describe('TenantSettingsForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('groups the catalogue and sends only what changed, in one call', async () => {
    const updates = mockGraphql(() => ({ data: { updateTenantSettings: CATALOGUE } }));
    renderForm();
    expect(await screen.findByRole('region', { name: 'Pay periods' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Time entry window' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();

    fireEvent.click(screen.getByRole('switch', { name: 'Same-day time entry' }));
    fireEvent.click(save);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      tenant_uuid: TENANT,
      global_settings: [{ codx_tenant_options_values_id: 7, custom_value: 'true', pass_through_value: null }],
    });
    expect(await screen.findByText('Settings updated.')).toBeInTheDocument();
  });

  it('keeps one minute increment on at a time', async () => {
    const updates = mockGraphql(() => ({ data: { updateTenantSettings: CATALOGUE } }));
    renderForm();
    fireEvent.click(await screen.findByRole('switch', { name: '30-minute increments' }));
    expect(screen.getByRole('switch', { name: '15-minute increments' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.global_settings).toEqual([
      { codx_tenant_options_values_id: 43, custom_value: 'false', pass_through_value: '15' },
      { codx_tenant_options_values_id: 44, custom_value: 'true', pass_through_value: '30' },
    ]);
  });

  it('refuses a bad date or minute count before sending', async () => {
    const updates = mockGraphql(() => ({ data: { updateTenantSettings: CATALOGUE } }));
    renderForm();
    const minutes = await screen.findByRole('spinbutton', { name: 'Minutes for 15-minute increments' });
    fireEvent.change(minutes, { target: { value: '0' } });
    expect(screen.getByText('Enter whole minutes from 1 to 1440.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    fireEvent.change(minutes, { target: { value: '20' } });
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
    expect(updates).toHaveLength(0);
  });

  it("shows the spec's failure message and the server's reason, and keeps the draft", async () => {
    mockGraphql(() => ({
      errors: [{ message: 'custom_value of option 15 must be a date (YYYY-MM-DD)', extensions: { code: 'VALIDATION' } }],
    }));
    renderForm();
    fireEvent.click(await screen.findByRole('switch', { name: 'Show messages' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('There was a problem updating settings.')).toBeInTheDocument();
    expect(screen.getByText(/must be a date/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show messages' })).not.toBeChecked();
  });
});
