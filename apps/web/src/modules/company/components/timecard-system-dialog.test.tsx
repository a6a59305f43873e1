import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { setupGraphQLEndpoint } from '../../../shell/test-utils';
import { answerRequests, type Call, renderWithQueries } from './test-helpers';
import { TimecardSystemDialog } from './timecard-system-dialog';
import { lastWeek } from './timecard-system-import';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000231';
configure({ asyncUtilTimeout: 5000 });

const STATUS = { configured: true, connected: true, disconnected_reason: null, connected_on: null, timecardsystems_id: 1 };
const MAPPING = {
  users: [
    { remote_id: '41', name: 'Dana Field', local_id: null, suggestion: { id: 7, name: 'Dana Field' } },
    { remote_id: '42', name: 'Lee Stone', local_id: 8, suggestion: null },
  ],
  jobcodes: [{ remote_id: '72', name: 'Main Street', local_id: 3, suggestion: null }],
  people: [
    { id: 7, name: 'Dana Field' },
    { id: 8, name: 'Lee Stone' },
  ],
  jobs: [{ id: 3, name: 'Main Street' }],
};
const OPS = [
  {
    remote_id: '901',
    date: '2026-11-03',
    hours: 7.5,
    summary: 'Dana Field, 2026-11-03, 7.5 h on Main Street',
    action: 'create',
    error: null,
    conflict_entry_id: null,
  },
  {
    remote_id: '902',
    date: '2026-11-04',
    hours: 8,
    summary: 'Lee Stone, 2026-11-04, 8 h on Main Street',
    action: 'conflict',
    error: 'Lee Stone already has 6 h on Main Street on 2026-11-04 typed in the app; not overwritten.',
    conflict_entry_id: 55,
  },
];

let status: Record<string, unknown>;
let checkAnswer: string;
const calls: Call[] = [];

beforeEach(() => {
  status = STATUS;
  checkAnswer = 'Connected';
  answerRequests(calls, (op, vars) => {
    if (op === 'TimecardSystemStatus') return { timecardSystemStatus: status };
    if (op === 'TimecardSystemConnection') {
      if (vars.event_type === 'connect')
        return { timecardSystemConnection: { message: null, redirect_uri: 'https://qbt.test/api/v1/authorize?state=1' } };
      if (vars.event_type === 'check') return { timecardSystemConnection: { message: checkAnswer, redirect_uri: null } };
      return { timecardSystemConnection: { message: 'Disconnected', redirect_uri: null } };
    }
    if (op === 'TimecardSystemApi') {
      const ok = (data: unknown, message: string | null = 'Connected') => ({ timecardSystemApi: { action: vars.action, message, data } });
      if (vars.action === 'mapping') return ok(MAPPING);
      if (vars.action === 'map') return ok({ ...(vars.payload as object) }, null);
      if (vars.action === 'preview') return ok({ ops: OPS, unchanged: 2 });
      if (vars.action === 'import')
        return ok({
          results: [
            { ...OPS[0], status: 'imported', timecard_entries_id: 99 },
            { ...OPS[1], status: 'conflict', timecard_entries_id: null },
          ],
          unchanged: 2,
        });
    }
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const show = (openUrl = vi.fn()) => {
  renderWithQueries(<TimecardSystemDialog tenant={TENANT} open onClose={() => undefined} openUrl={openUrl} />);
  return openUrl;
};

describe('the timecard-system dialog (QuickBooks Time, issue 23)', () => {
  it('connects a company that is not connected by sending the admin to QuickBooks Time', async () => {
    status = { ...STATUS, connected: false };
    const openUrl = show();
    const dialog = await screen.findByRole('dialog', { name: 'Time-card system' });
    expect(await within(dialog).findByText('Not connected')).toBeVisible();
    expect(within(dialog).queryByRole('tab', { name: 'Mapping' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect QuickBooks Time' }));
    await waitFor(() => expect(openUrl).toHaveBeenCalledWith('https://qbt.test/api/v1/authorize?state=1'));
  });

  it("counts it connected only while the server's answer is 'Connected' (spec §4)", async () => {
    checkAnswer = 'QuickBooks Time could not be reached. Try again later.';
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Time-card system' });
    expect(await within(dialog).findByRole('tab', { name: 'Mapping' })).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check connection' }));
    expect(await within(dialog).findByText('QuickBooks Time could not be reached. Try again later.')).toBeVisible();
    expect(within(dialog).getByText('Not connected')).toBeVisible();
    expect(within(dialog).queryByRole('tab', { name: 'Mapping' })).toBeNull();
  });

  it('links a user by its suggestion, previews a pay period and imports it with per-row results and conflicts', async () => {
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Time-card system' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Link Dana Field to Dana Field' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === 'TimecardSystemApi' && c.vars.action === 'map')?.vars.payload).toEqual({
        kind: 'user',
        remote_id: '41',
        remote_name: 'Dana Field',
        local_id: 7,
      }),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Person for Lee Stone' })).toHaveTextContent('Lee Stone');
    expect(within(dialog).getByRole('combobox', { name: 'Job for Main Street' })).toHaveTextContent('Main Street');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Import' }));
    const start = within(dialog).getByLabelText(/Pay period start/);
    const end = within(dialog).getByLabelText(/Pay period end/);
    expect(start).toHaveValue(lastWeek().start_date);
    fireEvent.change(start, { target: { value: '2026-11-02' } });
    fireEvent.change(end, { target: { value: '2026-11-08' } });
    const run = within(dialog).getByRole('button', { name: 'Import time entries' });
    expect(run).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview import' }));
    const preview = await within(dialog).findByRole('table', { name: 'What the import would do' });
    expect(calls.find((c) => c.vars.action === 'preview')?.vars.payload).toEqual({ start_date: '2026-11-02', end_date: '2026-11-08' });
    expect(within(preview).getByText('Dana Field, 2026-11-03, 7.5 h on Main Street')).toBeVisible();
    expect(within(preview).getByText('Create')).toBeVisible();
    expect(within(preview).getByText('Conflict')).toBeVisible();
    expect(within(preview).getByText(/typed in the app; not overwritten/)).toBeVisible();
    expect(within(dialog).getByText('2 timesheets already imported are unchanged.')).toBeVisible();
    expect(within(dialog).getByText(/1 timesheet meets hours already typed in the app/)).toBeVisible();

    fireEvent.click(run);
    const results = await within(dialog).findByRole('table', { name: 'What the import did' });
    expect(within(results).getByText('Imported')).toBeVisible();
    expect(within(results).getByText('Conflict')).toBeVisible();
    expect(await screen.findByText('Imported 1 time entries; 1 conflicts.')).toBeVisible();
    // The period was changed after a preview: import waits for a new preview.
    fireEvent.change(end, { target: { value: '2026-11-01' } });
    expect(within(dialog).getByText('The end must not be before the start.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Preview import' })).toBeDisabled();
  });

  it('shows an expired connection with its reason and offers to reconnect, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    status = { ...STATUS, connected: false, disconnected_reason: 'x' };
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Sistema de tarjetas de tiempo' });
    expect(await within(dialog).findByText(/la conexión se revocó o caducó/)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Volver a conectar QuickBooks Time' })).toBeVisible();
  });

  it('says QuickBooks Time is not configured without keys', async () => {
    status = { ...STATUS, configured: false, connected: false };
    show();
    const dialog = await screen.findByRole('dialog', { name: 'Time-card system' });
    expect(await within(dialog).findByText('QuickBooks Time is not configured on this server.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Connect QuickBooks Time' })).toBeNull();
  });
});
