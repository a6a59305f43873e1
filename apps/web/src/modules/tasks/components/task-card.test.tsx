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
import { TaskDialog } from './task-dialog';

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

function Dialog() {
  const actions = useTaskActions(TENANT);
  return actions.me ? <TaskDialog tenant={TENANT} task={dialogTask} people={[]} actions={actions} onClose={() => undefined} /> : null;
}

const dialogTask = { ...task, priority: 2, body: null, can_manage: false, jobs_id: null, files: [] } as unknown as Task;

function renderCard(ui = <Card />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The thread as the phone last saw it: created, nothing since.
  client.setQueryData(['tasks', TENANT, 'thread', task.task_thread_uuid], {
    task_thread_uuid: task.task_thread_uuid,
    tasks_id: 41,
    entries: [],
  });
  const Providers = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderInShell(<Providers>{ui}</Providers>);
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

describe('a comment on a task with no signal', () => {
  it('shows in the thread as saved on this phone, and the field is ready for the next one', async () => {
    renderCard(<Dialog />);
    const field = await screen.findByRole('textbox', { name: 'Comment' });
    fireEvent.change(field, { target: { value: 'Mud is on' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const queued = await screen.findByTestId('task-thread-queued');
    expect(queued).toHaveTextContent('Ana Ruiz · commented');
    expect(queued).toHaveTextContent('Saved on this phone: sent when the signal returns.');
    expect(queued).toHaveTextContent('Mud is on');
    // The field empties once the change is kept (the thread may show it a moment before).
    await waitFor(() => expect(field).toHaveValue(''));
    expect(field).toHaveFocus();
    expect(await listOutbox(OWNER)).toHaveLength(1);
  });
});
