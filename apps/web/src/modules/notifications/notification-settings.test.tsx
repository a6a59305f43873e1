import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { answerOperations, renderWithQueries, setupGraphQLEndpoint } from '../../shell/test-utils';
import { NotificationSettingsButton } from './notification-settings';

setupGraphQLEndpoint();

const TENANT = '00000000-0000-4000-8000-000000000021';
configure({ asyncUtilTimeout: 5000 });

let saved: Record<string, unknown>[];
const stored = { push_off: ['task_comment'], email_on: [], quiet_start: null, quiet_end: null, time_zone: 'UTC' };

beforeEach(() => {
  saved = [];
  answerOperations({
    MyNotificationSettings: () => ({ myNotificationSettings: stored }),
    SaveNotificationSettings: (variables) => {
      saved.push(variables.settings as Record<string, unknown>);
      return { saveNotificationSettings: variables.settings };
    },
  });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const show = () => renderWithQueries(<NotificationSettingsButton tenant={TENANT} />);

describe('notification settings', () => {
  it('shows each kind with labelled push and e-mail switches, and saves the choices with quiet hours in this zone', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog');
    const commentPush = await within(dialog).findByRole('switch', { name: 'Task comment: Push' });
    expect(commentPush).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Task: Push' })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Time card: E-mail' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Quiet hours (pushes wait until they end)' }));
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '22:00' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '05:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      push_off: ['task_comment'],
      email_on: ['timecard_to_sign'],
      quiet_start: '22:00',
      quiet_end: '05:30',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
  });

  it('refuses an empty quiet window before saving, at the field, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Ajustes' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('switch', { name: 'Horas de silencio (los avisos esperan a que terminen)' }));
    fireEvent.change(within(dialog).getByLabelText('Desde'), { target: { value: '06:00' } });
    fireEvent.change(within(dialog).getByLabelText('Hasta'), { target: { value: '06:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Las horas de silencio deben empezar y terminar a horas distintas.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
