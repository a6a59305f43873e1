import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '../../lib/dates';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerOperations, renderWithQueries, setupGraphQLEndpoint } from '../../shell/test-utils';
import type { Draft, Report } from './api';
import { ReportDialog } from './report-dialog';
import { report } from './test-fixtures';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000031';
const NEW_KEY = `gw-report-draft:${TENANT}:new`;
configure({ asyncUtilTimeout: 5000 });

const JOBS = [
  { id: 1, label: 'MS · Main Street' },
  { id: 2, label: 'RV · Riverside' },
];

const emptyDraft: Draft = {
  manpower: [],
  work_performed: null,
  equipment: null,
  deliveries: null,
  delays: null,
  safety: null,
  weather: null,
  email_to: null,
  cc_email_to: null,
};

const todayDraft: Draft = {
  ...emptyDraft,
  manpower: [
    {
      employees_id: 11,
      name: 'Ana Cruz',
      hours: 8,
      costcodes: [
        { costcode: '03-100', hours: 6 },
        { costcode: '03-200', hours: 2 },
      ],
    },
    { employees_id: 12, name: 'Ben Miller', hours: 4.5, costcodes: [{ costcode: '03-100', hours: 4.5 }] },
  ],
  work_performed: 'Formed the north footing.',
  equipment: 'Skid steer',
  deliveries: '12 yd ready-mix',
  email_to: 'office@example.com',
};

const yesterdayDraft: Draft = {
  ...emptyDraft,
  manpower: [{ employees_id: 13, name: 'Cora Diaz', hours: 8, costcodes: [] }],
  equipment: 'Excavator',
  delays: 'Waiting on the inspector',
  safety: 'Fall protection at the east edge',
  email_to: 'pm@example.com',
  cc_email_to: 'owner@example.com',
};

const saved = (id: number) => ({ id }) as unknown as Report;

const existing = report(42, {
  uuid: '00000000-0000-4000-8000-0000000000aa',
  email_to: 'office@example.com',
  notes_html: '<p>Pour moved to <strong>Thursday</strong>.</p>',
  work_performed: 'Stripped forms.',
  weather: 'Sunny',
  manpower: [{ employees_id: 11, name: 'Ana Cruz', hours: 7.5, costcodes: [] }],
});

let drafts: Record<string, Draft | undefined>;
let draftCalls: Record<string, unknown>[];
let saves: Record<string, unknown>[];
let refusal: Error | null;

beforeEach(() => {
  drafts = { today: todayDraft, yesterday: yesterdayDraft };
  draftCalls = [];
  saves = [];
  refusal = null;
  answerOperations({
    DraftDailyReport: (variables) => {
      draftCalls.push(variables);
      if (!drafts[variables.from as string])
        throw new GraphQLRequestError('There is no earlier report on this job to copy.', 'NOT_FOUND', 200, { key: 'reports.noYesterday' });
      return { draftDailyReport: drafts[variables.from as string] };
    },
    SaveDailyReport: (variables) => {
      saves.push(variables);
      if (refusal) throw refusal;
      return { saveDailyReport: { message: 'ok', report: saved((variables.id as number | null) ?? 99) } };
    },
  });
});

afterEach(async () => {
  cleanup(); // a dialog closing keeps its unsaved changes on the device: close it before forgetting them
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const show = (props: { report?: Report | null; defaultJob?: number | null; onClose?: () => void } = {}) =>
  renderWithQueries(
    <ReportDialog
      tenant={TENANT}
      report={props.report ?? null}
      jobs={JOBS}
      defaultJob={props.defaultJob === undefined ? 1 : props.defaultJob}
      onClose={props.onClose ?? (() => {})}
    />,
  );

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
// A role query here costs a getComputedStyle per element and ancestor (hundreds of emotion style sheets in the test DOM),
// and a re-render of this form a few more: buttons are found by their text, icon buttons by their label.
const button = (label: string) => screen.getByText(label, { selector: 'button' });
const crew = () =>
  within(screen.getByLabelText('Manpower'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const RESTORED = 'Your unsaved changes on this device were restored.';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Every re-render of this form measures its five multiline fields (MUI's TextareaAutosize calls getComputedStyle,
// slow in the test DOM): on a loaded 2-core machine a test here can pass the 15 s default, as projects-view's do.
describe('the daily report dialog', () => {
  it("\"Start from today's data\" fills the crew's hours and the day's records for the chosen job and day", async () => {
    drafts.today = emptyDraft;
    show({ defaultJob: null });
    const fill = button("Start from today's data");
    expect(fill).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Job' }));
    fireEvent.click(await screen.findByRole('option', { name: 'RV · Riverside' }));
    expect(fill).toBeEnabled();
    fireEvent.click(fill);
    expect(await screen.findByText('Nothing recorded for this job and day yet.')).toBeInTheDocument();
    expect(screen.getByText("No one yet: start from today's data, or type below.")).toBeInTheDocument();

    drafts.today = todayDraft;
    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: '2026-03-04' } });
    fireEvent.click(fill);
    expect(await screen.findByText("Filled from the day's records.")).toBeInTheDocument();
    expect(draftCalls).toEqual([
      { tenant_uuid: TENANT, jobs_id: 2, for_date: localToday(), from: 'today' },
      { tenant_uuid: TENANT, jobs_id: 2, for_date: '2026-03-04', from: 'today' },
    ]);
    expect(screen.getByText('Manpower · Total: 12.5 h')).toBeInTheDocument();
    expect(crew()).toEqual(['Ana Cruz · 8 h03-100: 6 h, 03-200: 2 h', 'Ben Miller · 4.5 h03-100: 4.5 h']);
    expect(field('Work performed').value).toBe('Formed the north footing.');
    expect(field('Equipment and tools on site').value).toBe('Skid steer');
    expect(field('Deliveries').value).toBe('12 yd ready-mix');
    expect(field('Send to').value).toBe('office@example.com');

    fireEvent.click(screen.getByLabelText('Remove Ben Miller'));
    expect(crew()).toEqual(['Ana Cruz · 8 h03-100: 6 h, 03-200: 2 h']);
    expect(screen.getByText('Manpower · Total: 8 h')).toBeInTheDocument();
  });

  it('"Copy yesterday\'s" fills only what is still empty from the last report, never its crew', async () => {
    show();
    type('Safety observations', 'Harnesses checked');
    fireEvent.click(button("Start from today's data"));
    await screen.findByText("Filled from the day's records.");
    fireEvent.click(button("Copy yesterday's"));
    await waitFor(() => expect(field('Delays').value).toBe('Waiting on the inspector'));
    expect(draftCalls.map((c) => c.from)).toEqual(['today', 'yesterday']);
    expect(field('Copy to').value).toBe('owner@example.com');
    // What was typed and what today's data gave are kept: the crew, the equipment on site, the recipient.
    expect(field('Safety observations').value).toBe('Harnesses checked');
    expect(crew()).toEqual(['Ana Cruz · 8 h03-100: 6 h, 03-200: 2 h', 'Ben Miller · 4.5 h03-100: 4.5 h']);
    expect(screen.queryByText(/Cora Diaz/)).toBeNull();
    expect(field('Equipment and tools on site').value).toBe('Skid steer');
    expect(field('Send to').value).toBe('office@example.com');
  });

  it('checks the recipients: sending needs one and every address must be valid; saving alone needs none', async () => {
    const onClose = vi.fn();
    show({ onClose });
    fireEvent.click(button('Save and send'));
    expect(await screen.findByText('Enter at least one e-mail address to send to.')).toBeInTheDocument();
    expect(field('Send to')).toHaveAccessibleDescription('Enter at least one e-mail address to send to.');
    expect(field('Send to')).toHaveAttribute('aria-invalid', 'true');

    type('Send to', 'office@example.com; pm@example');
    type('Copy to', 'owner@');
    fireEvent.click(button('Save and send'));
    await waitFor(() => expect(field('Send to')).toHaveAccessibleDescription('Invalid email address: pm@example'));
    expect(field('Copy to')).toHaveAccessibleDescription('Invalid email address: owner@');
    expect(field('Copy to')).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);

    type('Send to', '');
    type('Copy to', '');
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Daily report saved.')).toBeInTheDocument();
    expect(saves).toEqual([
      { tenant_uuid: TENANT, id: null, send: false, report: expect.objectContaining({ email_to: null, cc_email_to: null }) },
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends the whole report on "Save and send", and then forgets the copy kept on the device', async () => {
    const onClose = vi.fn();
    const view = show({ onClose });
    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: '2026-03-04' } });
    fireEvent.click(button("Start from today's data"));
    await screen.findByText("Filled from the day's records.");
    type('Weather', 'Overcast, 12 °C');
    type('Delays', 'Pump truck late');
    type('Copy to', 'owner@example.com');
    await waitFor(() => expect(localStorage.getItem(NEW_KEY)).toContain('Pump truck late'));

    fireEvent.click(button('Save and send'));
    expect(await screen.findByText('Daily report sent.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(saves).toEqual([
      {
        tenant_uuid: TENANT,
        id: null,
        send: true,
        report: {
          jobs_id: 1,
          for_date: '2026-03-04',
          email_to: 'office@example.com',
          cc_email_to: 'owner@example.com',
          notes_html: null,
          work_performed: 'Formed the north footing.',
          equipment: 'Skid steer',
          deliveries: '12 yd ready-mix',
          delays: 'Pump truck late',
          safety: null,
          weather: 'Overcast, 12 °C',
          manpower: todayDraft.manpower,
          photos: [],
        },
      },
    ]);
    expect(localStorage.getItem(NEW_KEY)).toBeNull();
    view.unmount(); // closing after the save writes nothing back
    expect(localStorage.getItem(NEW_KEY)).toBeNull();
  });

  it('keeps the last keystroke on the device when the dialog closes at once', () => {
    const view = show();
    type('Delays', 'Crane down');
    view.unmount();
    expect(localStorage.getItem(NEW_KEY)).toContain('Crane down');
  });

  it('keeps unsaved changes on the device and offers them back when reopened; "Discard them" forgets them', async () => {
    const first = show();
    type('Weather', 'Light rain');
    type('Safety observations', 'Slippery deck');
    await waitFor(() => expect(localStorage.getItem(NEW_KEY)).toContain('Slippery deck'));
    first.unmount();

    show();
    expect(screen.getByText(RESTORED)).toBeInTheDocument();
    expect(field('Weather').value).toBe('Light rain');
    expect(field('Safety observations').value).toBe('Slippery deck');
    fireEvent.click(button('Discard them'));
    expect(screen.queryByText(RESTORED)).toBeNull();
    expect(field('Weather').value).toBe('');
    expect(field('Safety observations').value).toBe('');
    await pause(600); // past the moment the form is written down again: nothing is left to offer back
    expect(localStorage.getItem(NEW_KEY)).toBeNull();
  });

  it('saves an existing report by its id, notes sent back as HTML; shows the server’s refusal and stays open until it takes it', async () => {
    const onClose = vi.fn();
    show({ report: existing, onClose });
    expect(screen.getByRole('dialog', { name: 'Daily report — Mon, Mar 2, 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveTextContent('Pour moved to Thursday.');
    await pause(600);
    // Only opened: nothing is kept on the device, so reopening it later shows the server's copy, not a stale one.
    expect(localStorage.getItem(`gw-report-draft:${TENANT}:42`)).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: '2026-03-03' } });
    refusal = new GraphQLRequestError('report: There is already a report for this job and day: open it instead.', 'BAD_USER_INPUT', 200, {
      key: 'reports.exists',
      field: 'report',
    });
    const save = button('Save');
    fireEvent.click(save);
    expect(await screen.findByText('There is already a report for this job and day: open it instead.')).toBeInTheDocument();
    refusal = new Error('socket hang up');
    fireEvent.click(save);
    expect(await screen.findByText('Failed to save the daily report.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    refusal = null;
    fireEvent.click(save);
    expect(await screen.findByText('Daily report saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(saves).toHaveLength(3);
    expect(saves[2]).toEqual({
      tenant_uuid: TENANT,
      id: 42,
      send: false,
      report: {
        jobs_id: 1,
        for_date: '2026-03-03',
        email_to: 'office@example.com',
        cc_email_to: null,
        notes_html: '<p>Pour moved to <strong>Thursday</strong>.</p>',
        work_performed: 'Stripped forms.',
        equipment: null,
        deliveries: null,
        delays: null,
        safety: null,
        weather: 'Sunny',
        manpower: [{ employees_id: 11, name: 'Ana Cruz', hours: 7.5, costcodes: [] }],
        photos: [],
      },
    });
  });
  it("speaks Spanish, the server's refusals of a draft and of a save included", async () => {
    await i18n.changeLanguage('es');
    drafts.yesterday = undefined;
    show();
    fireEvent.click(button('Copiar el de ayer'));
    expect(await screen.findByText('No hay un reporte anterior de esta obra para copiar.')).toBeInTheDocument();
    refusal = new GraphQLRequestError('email_to: Too many recipients: at most 20.', 'BAD_USER_INPUT', 200, {
      key: 'reports.tooManyRecipients',
      field: 'email_to',
    });
    fireEvent.click(button('Guardar'));
    expect(await screen.findByText('Demasiados destinatarios: como máximo 20.')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
  });
});
