import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localToday } from '../../lib/dates';
import { GraphQLRequestError } from '../../lib/graphql';
import { i18n } from '../../lib/i18n';
import { answerOperations, renderWithQueries, setupGraphQLEndpoint } from '../../shell/test-utils';
import { AnnouncementDialog } from './announcement-dialog';
import type { Announcement } from './api';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000032';
configure({ asyncUtilTimeout: 5000 });

const existing: Announcement = {
  id: 7,
  title: 'Site safety week',
  body: '<p>Hard hats <strong>on</strong> at all times.</p><ul><li><p>Gloves</p></li></ul>',
  start_date: '2026-03-02',
  exp_date: '2026-03-09',
  author_name: 'Luis Hernandez',
  status: 1,
  is_default: true,
  on_app: true,
  requires_ack: true,
  audience: 'everyone',
  audience_ids: [],
  seen_on: null,
  acked_on: null,
  stats: null,
};

let saves: Record<string, unknown>[];
let refusal: Error | null;

beforeEach(() => {
  saves = [];
  refusal = null;
  answerOperations({
    AnnDepartments: () => ({
      listDepartments: {
        items: [
          { id: 1, department: 'Concrete', status: 1 },
          { id: 2, department: 'Framing', status: 1 },
          { id: 3, department: 'Old crew', status: 0 },
        ],
      },
    }),
    AnnJobs: () => ({ listJobs: { items: [{ id: 9, job: 'Main Street', status: 1 }] } }),
    SaveAnnouncement: (variables) => {
      saves.push(variables);
      if (refusal) throw refusal;
      return { saveAnnouncement: { ...existing, ...(variables.announcement as object), id: 7 } };
    },
  });
});

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const show = (announcement: Announcement | null = null, onClose: () => void = () => {}) =>
  renderWithQueries(<AnnouncementDialog tenant={TENANT} announcement={announcement} onClose={onClose} />);

const input = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};
const closeMenu = async () => {
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
};
/** Pastes HTML into the rich-text editor, the way a browser hands a paste to ProseMirror. */
const paste = (editor: HTMLElement, html: string) => {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  const data: Record<string, string> = { 'text/html': html, 'text/plain': html.replace(/<[^>]+>/g, '') };
  Object.assign(event, { clipboardData: { getData: (type: string) => data[type] ?? '', types: Object.keys(data), files: [] } });
  fireEvent(editor, event);
};
const week = () => {
  const d = new Date();
  d.setDate(d.getDate() + 7);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('the announcement dialog', () => {
  it('runs a week from today by default; the title is required and the window cannot end before it starts', async () => {
    const onClose = vi.fn();
    show(null, onClose);
    expect(screen.getByRole('dialog', { name: 'Add announcement' })).toBeInTheDocument();
    expect(input(/^Show from/).value).toBe(localToday());
    expect(input(/^Show until/).value).toBe(week());

    fireEvent.change(input(/^Show from/), { target: { value: '2026-04-10' } });
    fireEvent.change(input(/^Show until/), { target: { value: '2026-04-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(input(/^Title/)).toHaveAccessibleDescription('This field is required.');

    fireEvent.change(input(/^Title/), { target: { value: '  Crane lift Friday  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input(/^Show until/)).toHaveAccessibleDescription('The end date must be on or after the start date.'));
    expect(input(/^Show until/)).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);

    // One day is a window too.
    fireEvent.change(input(/^Show until/), { target: { value: '2026-04-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Announcement added.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(saves).toEqual([
      {
        tenant_uuid: TENANT,
        announcement: {
          id: null,
          title: 'Crane lift Friday',
          body: '',
          start_date: '2026-04-10',
          exp_date: '2026-04-10',
          audience: 'everyone',
          audience_ids: [],
          is_default: false,
          on_app: true,
          requires_ack: false,
        },
      },
    ]);
  });

  it('addresses a chosen audience: at least one of it, only the last audience’s choices, acknowledgement required', async () => {
    show();
    fireEvent.change(input(/^Title/), { target: { value: 'Toolbox talk' } });
    expect(screen.queryByRole('combobox', { name: 'Who' })).toBeNull();

    await choose('Audience', 'Departments');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one for this audience.')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Who' }));
    expect(await screen.findByRole('option', { name: 'Concrete' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Old crew' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Framing' }));
    await closeMenu();
    expect(screen.getByRole('combobox', { name: 'Who' })).toHaveTextContent('Framing');

    // Another audience starts its choice over: a department's id is not a job's.
    await choose('Audience', 'Jobs');
    expect(screen.getByRole('combobox', { name: 'Who' })).not.toHaveTextContent('Framing');
    await choose('Who', 'Main Street');
    await closeMenu();

    fireEvent.click(screen.getByLabelText('Requires acknowledgement'));
    fireEvent.click(screen.getByLabelText('Show in the app (otherwise e-mail only)'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.announcement).toMatchObject({
      title: 'Toolbox talk',
      audience: 'jobs',
      audience_ids: [9],
      requires_ack: true,
      on_app: false,
      is_default: false,
    });
  });

  it('sends the message as HTML: an edited announcement’s body comes back as it was, a pasted one as the editor’s HTML', async () => {
    const onClose = vi.fn();
    const first = show(existing, onClose);
    expect(screen.getByRole('dialog', { name: 'Edit announcement' })).toBeInTheDocument();
    expect(input('Message')).toHaveTextContent('Hard hats on at all times.Gloves');
    expect(screen.getByLabelText('Requires acknowledgement')).toBeChecked();
    expect(screen.getByLabelText('Pin on the dashboard')).toBeChecked();
    fireEvent.change(input(/^Title/), { target: { value: 'Site safety week 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Announcement updated.')).toBeInTheDocument();
    expect(saves[0]).toEqual({
      tenant_uuid: TENANT,
      announcement: {
        id: 7,
        title: 'Site safety week 2',
        body: existing.body,
        start_date: '2026-03-02',
        exp_date: '2026-03-09',
        audience: 'everyone',
        audience_ids: [],
        is_default: true,
        on_app: true,
        requires_ack: true,
      },
    });
    first.unmount();

    show();
    fireEvent.change(input(/^Title/), { target: { value: 'Parking' } });
    paste(input('Message'), '<p>Park on <b>Elm Street</b> from Monday.</p>');
    await waitFor(() => expect(input('Message')).toHaveTextContent('Park on Elm Street from Monday.'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]?.announcement).toMatchObject({ title: 'Parking', body: '<p>Park on <strong>Elm Street</strong> from Monday.</p>' });
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    const onClose = vi.fn();
    refusal = new GraphQLRequestError('You may not post to that department.', 'FORBIDDEN', 200);
    show(existing, onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Once, in the dialog (not in a snackbar as well).
    expect(await screen.findAllByText('You may not post to that department.')).toHaveLength(1);

    refusal = new Error('Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Failed to update the announcement.')).toHaveLength(1);
    expect(saves).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit announcement' })).toBeInTheDocument();
  });

  it('speaks Spanish, its checks too', async () => {
    await i18n.changeLanguage('es');
    show();
    expect(screen.getByRole('dialog', { name: 'Agregar anuncio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Requiere confirmación de lectura')).not.toBeChecked();
    fireEvent.change(input(/^Título/), { target: { value: 'Simulacro' } });
    fireEvent.change(input(/^Mostrar desde/), { target: { value: '2026-04-10' } });
    fireEvent.change(input(/^Mostrar hasta/), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La fecha final debe ser igual o posterior a la inicial.')).toBeInTheDocument();
    await choose('Destinatarios', 'Departamentos');
    expect(screen.getByRole('combobox', { name: 'Quiénes' })).toBeInTheDocument();
  });

  it('shows a refusal in Spanish by its message key (issue 46)', async () => {
    await i18n.changeLanguage('es');
    refusal = new GraphQLRequestError('title: This is too long.', 'VALIDATION', 200, { key: 'announcements.tooLong', field: 'title' });
    show(existing);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Es demasiado largo.')).toBeInTheDocument();
  });

  it('shows a refusal with a key this build does not know in the server’s words', async () => {
    await i18n.changeLanguage('es');
    refusal = new GraphQLRequestError('A newer rule said no.', 'VALIDATION', 200, { key: 'announcements.fromTheFuture' });
    show(existing);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('A newer rule said no.')).toBeInTheDocument();
  });
});
