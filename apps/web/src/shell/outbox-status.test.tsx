import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue, listOutbox, outboxDb } from '../lib/outbox/outbox';
import { OutboxStatus } from './outbox-status';
import { renderInShell } from './test-utils';

const TENANT = '5b0e4a52-0000-4000-8000-000000000001';
const queue = (owner: string, label: string) =>
  enqueue({ owner, tenant_uuid: TENANT, kind: 'timecard-day', label, query: 'mutation { x }', variables: {} });

function offline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !value });
}

const show = (owner: string) =>
  renderInShell(
    <QueryClientProvider client={new QueryClient()}>
      <OutboxStatus owner={owner} />
    </QueryClientProvider>,
  );

beforeEach(async () => {
  await outboxDb().items.clear();
  offline(true); // nothing is sent while these tests look
});
afterEach(() => offline(false));

describe('OutboxStatus', () => {
  it('shows nothing while the person has nothing saved on this phone', async () => {
    await queue('someone-else', 'not mine');
    show('ana');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('counts what waits, and lists each action saved on this phone or refused with the reason', async () => {
    await queue('ana', 'Time for 2026-03-16: 8 h');
    const refused = await queue('ana', 'Time for 2026-03-17: 6 h');
    await outboxDb().items.update(refused.id, { status: 'refused', error: 'This time card is signed.' });
    show('ana');
    const button = await screen.findByRole('button', { name: '1 waiting to send' });
    fireEvent.click(button);
    const list = within(await screen.findByRole('list', { name: 'Saved on this phone' }));
    expect(list.getByText('Time for 2026-03-16: 8 h')).toBeInTheDocument();
    expect(list.getAllByText('Saved on this phone')).toHaveLength(1);
    expect(list.getByText('Not accepted: This time card is signed.')).toBeInTheDocument();
    fireEvent.click(list.getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect((await listOutbox('ana')).map((i) => i.label)).toEqual(['Time for 2026-03-16: 8 h']));
  });
});
