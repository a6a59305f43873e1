import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { setupGraphQLEndpoint } from '../../../shell/test-utils';
import { AccountingSystemDialog } from './accounting-system-dialog';
import { answerRequests, type Call, renderWithQueries } from './test-helpers';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000230';
configure({ asyncUtilTimeout: 5000 });

const STATUS = {
  configured: true,
  connected: true,
  qbo_disconnected: false,
  realm_id: '9130',
  connected_on: null,
  accountingsystems_id: 1,
};
const MAPPING = {
  kinds: [
    {
      kind: 'person',
      entity: 'Employee',
      locals: [
        { id: 7, name: 'Dana Field', remote_id: null, remote_name: null, suggestion: { id: '55', name: 'Dana Field' } },
        { id: 8, name: 'Lee Stone', remote_id: '56', remote_name: 'Lee Stone', suggestion: null },
      ],
      remotes: [
        { id: '55', name: 'Dana Field' },
        { id: '56', name: 'Lee Stone' },
      ],
    },
    { kind: 'job', entity: 'Customer', locals: [], remotes: [] },
    { kind: 'costcode', entity: 'Item', locals: [], remotes: [] },
    { kind: 'vendor', entity: 'Vendor', locals: [], remotes: [] },
    { kind: 'item', entity: 'Item', locals: [], remotes: [] },
  ],
};
const OPS = [
  {
    record_type: 'timecard_entry',
    record_id: 1,
    version: 'v1',
    entity: 'TimeActivity',
    action: 'create',
    remote_id: null,
    summary: 'Dana Field, 2026-11-03, 7.5 h on Main Street',
    error: null,
  },
  {
    record_type: 'timecard_entry',
    record_id: 2,
    version: 'v1',
    entity: 'TimeActivity',
    action: 'blocked',
    remote_id: null,
    summary: 'Lee Stone, 2026-11-03, 8 h on Elm Yard',
    error: 'Link Elm Yard to a QuickBooks customer first.',
  },
];

let status: Record<string, unknown>;
const calls: Call[] = [];

beforeEach(() => {
  status = STATUS;
  answerRequests(calls, (op, vars) => {
    if (op === 'AccountingSystemStatus') return { accountingSystemStatus: status };
    if (op === 'AccountingSystemConnection') {
      if (vars.event_type === 'connect')
        return { accountingSystemConnection: { message: null, redirect_uri: 'https://qbo.test/connect?state=1' } };
      if (vars.event_type === 'check') return { accountingSystemConnection: { message: 'Connected', redirect_uri: null } };
      return { accountingSystemConnection: { message: 'Disconnected', redirect_uri: null } };
    }
    if (op === 'AccountingSystemApi') {
      const ok = (data: unknown, message: string | null = 'Connected') => ({ accountingSystemApi: { action: vars.action, message, data } });
      if (vars.action === 'mapping') return ok(MAPPING);
      if (vars.action === 'map') return ok({ ...(vars.payload as object) }, null);
      if (vars.action === 'preview') return ok({ ops: OPS, unchanged: 3 });
      if (vars.action === 'push')
        return ok({
          results: [
            { ...OPS[0], remote_id: '301', status: 'synced' },
            { ...OPS[1], status: 'failed' },
          ],
          unchanged: 3,
        });
      if (vars.action === 'log')
        return ok(
          {
            entries: [
              { ...OPS[0], status: 'synced', remote_id: '301', attempts: 1, synced_on: '2026-11-20T10:00:00Z' },
              { ...OPS[1], status: 'failed', attempts: 2, synced_on: '2026-11-20T10:00:00Z' },
            ],
          },
          null,
        );
    }
  });
});

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const show = (openUrl = vi.fn()) => {
  renderWithQueries(<AccountingSystemDialog tenant={TENANT} open onClose={() => undefined} openUrl={openUrl} />);
  return openUrl;
};

describe('the accounting-system dialog (QuickBooks Online, issue 23)', () => {
  it('connects a company that is not connected by sending the admin to QuickBooks', async () => {
    status = { ...STATUS, connected: false, realm_id: null };
    const openUrl = show();
    const dialog = await screen.findByRole('dialog', { name: 'Accounting system' });
    expect(await within(dialog).findByText('Not connected')).toBeVisible();
    expect(within(dialog).queryByRole('tab', { name: 'Mapping' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect QuickBooks' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://qbo.test/connect?state=1'));
  });

  it('checks the connection, links a person by its suggestion, previews and pushes, and shows the sync log', async () => {
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Accounting system' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Check connection' }));
    expect(await screen.findByText('Connected', { selector: '.MuiAlert-message, .MuiAlert-message *' })).toBeVisible();

    const suggestion = await within(dialog).findByRole('button', { name: 'Link Dana Field to Dana Field' });
    fireEvent.click(suggestion);
    await waitFor(() =>
      expect(calls.find((c) => c.op === 'AccountingSystemApi' && c.vars.action === 'map')?.vars.payload).toEqual({
        kind: 'person',
        local_id: 7,
        remote_id: '55',
        remote_name: 'Dana Field',
      }),
    );
    expect(within(dialog).getByRole('combobox', { name: 'QuickBooks employee for Lee Stone' })).toHaveTextContent('Lee Stone');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Sync' }));
    const push = within(dialog).getByRole('button', { name: 'Push to QuickBooks' });
    expect(push).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('table', { name: 'What a push would do' });
    expect(within(preview).getByText('Dana Field, 2026-11-03, 7.5 h on Main Street')).toBeVisible();
    expect(within(preview).getByText('Create')).toBeVisible();
    expect(within(preview).getByText('Blocked')).toBeVisible();
    expect(within(preview).getByText('Link Elm Yard to a QuickBooks customer first.')).toBeVisible();
    expect(within(dialog).getByText('3 records already in QuickBooks are unchanged.')).toBeVisible();

    fireEvent.click(push);
    const results = await within(dialog).findByRole('table', { name: 'What the push did' });
    expect(within(results).getByText('Synced')).toBeVisible();
    expect(within(results).getByText('Failed')).toBeVisible();
    expect(await screen.findByText('Pushed: 1 synced, 1 failed.')).toBeVisible();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Sync log' }));
    const log = await within(dialog).findByRole('table', { name: 'Sync log' });
    expect(within(log).getByText('301')).toBeVisible();
    expect(within(log).getByText('Link Elm Yard to a QuickBooks customer first. (tries: 2)')).toBeVisible();
  });

  it('shows a revoked connection and offers to reconnect; disconnect keeps the local flag', async () => {
    status = { ...STATUS, connected: false, qbo_disconnected: true };
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Accounting system' });
    expect(await within(dialog).findByText(/the connection was revoked or has expired/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Reconnect QuickBooks' })).toBeVisible();
  });

  it('disconnecting revokes and sets the accounting-disconnected flag (spec §4)', async () => {
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Accounting system' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(localStorage.getItem('qbo_disconnected')).toBe('true'));
    expect(calls.some((c) => c.op === 'AccountingSystemConnection' && c.vars.event_type === 'disconnect')).toBe(true);
  });

  it('says QuickBooks is not configured without keys, and speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    status = { ...STATUS, configured: false, connected: false };
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Sistema contable' });
    expect(await within(dialog).findByText('QuickBooks no está configurado en este servidor.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Conectar QuickBooks' })).toBeNull();
  });
});
