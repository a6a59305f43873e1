import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../shell/test-utils';
import type { Tool } from './api';
import * as api from './api';
import { ToolDialog } from './tool-dialog';
import { ToolList } from './tool-list';
import { searchCachedTools } from './tools-shared';

const TENANT = '5b0e4a52-0000-4000-8000-000000000001';

const tool = (id: number, name: string, container_id: number, extra: Partial<Tool> = {}): Tool => ({
  id,
  uuid: `0193a0c4-0000-7000-8000-${String(id).padStart(12, '0')}`,
  tool_number: `T-${String(id).padStart(4, '0')}`,
  name,
  description: null,
  category: 'Power tools',
  make: 'DeWalt',
  model: null,
  serial: `SN${id}`,
  purchase_date: null,
  purchase_cost_cents: null,
  status: 1,
  container_id,
  container_name: container_id === 1 ? 'HQ Shop' : 'Truck 3',
  last_log: null as never,
  photos: [],
  ...extra,
});

const TOOLS = [
  tool(1, 'Hammer drill #1', 1),
  tool(2, 'Circular saw #1', 1),
  tool(3, 'Hammer drill #2', 2),
  tool(4, 'Old saw', 1, { status: 0 }),
];

function renderWithCache(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // What an earlier visit with signal left on the phone: the first page of the list and the containers.
  client.setQueryData(['tools', TENANT, 'list', '', '', '', 1], { items: TOOLS, nextToken: null });
  client.setQueryData(
    ['tools', TENANT, 'containers'],
    [
      { id: 1, container_name: 'HQ Shop', employees_id: null },
      { id: 2, container_name: 'Truck 3', employees_id: 7 },
    ],
  );
  return renderInShell(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('tools with no signal', () => {
  it('a search is answered from the tools on this phone, with a note saying so', async () => {
    const search = vi.spyOn(api, 'searchTools');
    vi.spyOn(api, 'toolCategories').mockResolvedValue(['Power tools']);
    onlineManager.setOnline(false);
    renderWithCache(<ToolList tenant={TENANT} admin={false} onOpen={() => undefined} container="" setContainer={() => undefined} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search tools' }), { target: { value: 'hammer' } });
    const list = await screen.findByRole('list', { name: 'Tools' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('T-0001 · Hammer drill #1')).toBeInTheDocument();
    expect(within(list).getByText('T-0003 · Hammer drill #2')).toBeInTheDocument();
    expect(screen.getByText('No signal: showing the tools saved on this phone.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search tools' }), { target: { value: 'T-0009' } });
    expect(await screen.findByText('No tools match.')).toBeInTheDocument();
    // Nothing was asked of the server while the phone had no signal.
    expect(search).not.toHaveBeenCalled();
  });

  it('a tool opened from the list shows the list’s copy while its own answer cannot come', async () => {
    vi.spyOn(api, 'getTool').mockImplementation(() => new Promise(() => undefined));
    vi.spyOn(api, 'toolLog').mockImplementation(() => new Promise(() => undefined));
    vi.spyOn(api, 'toolReservations').mockImplementation(() => new Promise(() => undefined));
    renderWithCache(<ToolDialog tenant={TENANT} id={2} admin={false} onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'T-0002 · Circular saw #1' })).toBeInTheDocument();
    expect(screen.getByText('HQ Shop')).toBeInTheDocument();
  });

  it('filters as the server would: status, container, category and every word', () => {
    const filters = { search: '', container: '' as const, category: '', status: 1 };
    expect(searchCachedTools(TOOLS, filters).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(searchCachedTools(TOOLS, { ...filters, status: 0 }).map((t) => t.id)).toEqual([4]);
    expect(searchCachedTools(TOOLS, { ...filters, container: 2 }).map((t) => t.id)).toEqual([3]);
    expect(searchCachedTools(TOOLS, { ...filters, search: 'drill #2' }).map((t) => t.id)).toEqual([3]);
    expect(searchCachedTools(TOOLS, { ...filters, search: 'sn2' }).map((t) => t.id)).toEqual([2]);
    expect(searchCachedTools(TOOLS, { ...filters, category: 'Survey' })).toEqual([]);
  });
});
