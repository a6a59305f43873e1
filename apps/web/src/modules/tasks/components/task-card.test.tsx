import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { variablesWithFiles } from '../../../lib/outbox/drain';
import { closeOutboxDb, listOutbox, outboxDb } from '../../../lib/outbox/outbox';
import { renderInShell } from '../../../shell/test-utils';
import type { Task } from '../api/tasks-api';
import { useTaskActions } from '../lib/use-task-actions';
import { TaskCard } from './task-card';

const OWNER = 'cognito-ana';
const TENANT = '5b0e4a52-0000-4000-8000-000000000001';

vi.mock('../../../auth/session', () => ({
  useClaims: () => ({ data: { 'custom:cognito_uuid': OWNER } }),
  useOutboxOwner: () => OWNER,
}));
vi.mock('../../profile/api/profile-api', () => ({
  profileQueryOptions: () => ({ queryKey: ['profile-test'], queryFn: async () => ({ id: 7, firstname: 'Ana', lastname: 'Ruiz' }) }),
}));

const task = {
  id: 41,
  title: 'Patch drywall',
  status: 'open',
  task_thread_uuid: '0193a0c4-0000-7000-8000-000000000041',
  job_label: null,
  due_date: null,
  overdue: false,
  assignees: [],
  checklist_total: 0,
  checklist_done: 0,
} as unknown as Task;

function Card() {
  const actions = useTaskActions(TENANT);
  // The card acts once the person's profile (user_id, user_name) is known, as on the page.
  return actions.me ? <TaskCard task={task} actions={actions} onOpen={() => undefined} /> : null;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Providers = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderInShell(
    <Providers>
      <Card />
    </Providers>,
  );
}

beforeEach(async () => {
  await outboxDb().items.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeOutboxDb();
});

describe('closing a task with a photo on a phone with no signal', () => {
  it('keeps the closing and its photo on the phone, to be uploaded and sent once the signal returns', async () => {
    renderCard();
    await screen.findByRole('button', { name: 'Close with photo' });
    const photo = new File([new Uint8Array([1, 2, 3])], 'wall.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('close-photo-input-41'), { target: { files: [photo] } });

    await waitFor(async () => expect(await listOutbox(OWNER)).toHaveLength(1));
    const [queued] = await listOutbox(OWNER);
    expect(queued).toMatchObject({
      kind: 'task',
      status: 'pending',
      tenant_uuid: TENANT,
      label: 'Status of “Patch drywall”',
      source_table: 'tasks',
      files_path: ['file_uuids'],
      variables: { task_id: 41, status: 'done', user_id: 7, user_name: 'Ana Ruiz' },
    });
    expect(queued.files?.map((f) => [f.name, f.uuid])).toEqual([['wall.jpg', undefined]]);
    // Once uploaded, the stored photo's uuid goes into the closing's file_uuids.
    const uploaded = { ...queued, files: [{ name: 'wall.jpg', uuid: '0193a0c4-0000-7000-8000-0000000000aa' }] };
    expect(variablesWithFiles(uploaded).file_uuids).toEqual(['0193a0c4-0000-7000-8000-0000000000aa']);
    expect(await screen.findByText('Saved on this phone. It will be sent when the signal returns.')).toBeInTheDocument();
  });
});
