import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerEachOperation, renderInShell, setupGraphQLEndpoint } from '../../../shell/test-utils';
import { TemplatesDialog } from './templates-dialog';

setupGraphQLEndpoint();

configure({ asyncUtilTimeout: 5000 });
const TENANT = '00000000-0000-4000-8000-000000000001';
let saved: Record<string, unknown>[];

beforeEach(() => {
  saved = [];
  answerEachOperation(async (operation, variables) => {
    switch (operation) {
      case 'ListChecklistTemplates':
        return {
          listChecklistTemplates: [
            {
              id: 4,
              name: 'Pre-pour inspection',
              description: null,
              status: 1,
              items: [{ title: 'Forms braced' }, { title: 'Rebar tied' }],
            },
          ],
        };
      case 'SaveChecklistTemplate':
        saved.push(variables.template as Record<string, unknown>);
        return { saveChecklistTemplate: { id: 4, name: 'Pre-pour inspection' } };
      default:
        throw new Error(`unexpected ${operation}`);
    }
  });
});

function renderDialog(admin: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInShell(
    <QueryClientProvider client={queryClient}>
      <TemplatesDialog
        tenant={TENANT}
        jobs={[{ id: 1, label: 'RMOB · Riverside', leads: true } as never]}
        admin={admin}
        onClose={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe('checklist templates', () => {
  it('lets an admin change an existing template: its items, sent with its id', async () => {
    renderDialog(true);
    const dialog = await screen.findByRole('dialog', { name: 'Checklist templates' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByRole('option', { name: /Pre-pour inspection/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change “Pre-pour inspection”' }));
    const items = within(dialog).getByRole('textbox', { name: 'Items' });
    expect(items).toHaveValue('Forms braced\nRebar tied');
    fireEvent.change(items, { target: { value: 'Forms braced\nRebar tied\nEmbeds placed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { id: 4, name: 'Pre-pour inspection', items: [{ title: 'Forms braced' }, { title: 'Rebar tied' }, { title: 'Embeds placed' }] },
      ]),
    );
    // Back to a blank new template after saving.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Template name' })).toHaveValue(''));
  });

  it('lets the admin drop the change and write a new template instead; others only apply', async () => {
    renderDialog(true);
    const dialog = await screen.findByRole('dialog', { name: 'Checklist templates' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByRole('option', { name: /Pre-pour inspection/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change “Pre-pour inspection”' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'New template instead' }));
    expect(within(dialog).getByRole('textbox', { name: 'Template name' })).toHaveValue('');
    expect(within(dialog).getByText('New template')).toBeInTheDocument();
  });

  it('offers no writing to people who are not admins', async () => {
    renderDialog(false);
    const dialog = await screen.findByRole('dialog', { name: 'Checklist templates' });
    expect(within(dialog).queryByRole('textbox', { name: 'Template name' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Apply to job' })).toBeDisabled();
  });
});
