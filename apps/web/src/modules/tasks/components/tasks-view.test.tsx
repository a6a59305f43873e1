import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_TENANT_KEY } from '../../../lib/storage';
import { answerOperations, renderWithQueries, requestedOperations, setupGraphQLEndpoint } from '../../../shell/test-utils';
import { TasksView } from './tasks-view';

setupGraphQLEndpoint();
configure({ asyncUtilTimeout: 5000 });

const TENANT = '00000000-0000-4000-8000-000000000046';

// A crew member: basic_access only, no directory (people_basic).
vi.mock('../../../auth/session', () => ({
  useClaims: () => ({ data: { 'custom:cognito_uuid': 'cognito-dana', 'cognito:groups': ['basic_access'] } }),
  useOutboxOwner: () => 'cognito-dana',
}));
vi.mock('../../profile/api/profile-api', () => ({
  profileQueryOptions: () => ({ queryKey: ['profile-test'], queryFn: async () => ({ id: 9, firstname: 'Dana', lastname: 'Member' }) }),
}));

const task = {
  id: 41,
  uuid: '0193a0c4-0000-7000-8000-000000000041',
  created_on: '2026-03-01T08:00:00Z',
  parent_task: null,
  title: 'Brace the forms',
  body: null,
  task_thread_uuid: '0193a0c4-0000-7000-8000-000000000141',
  rel_table: 'jobs',
  rel_id: 3,
  jobs_id: 3,
  job_label: 'HT · Harbor Tower',
  status: 'open',
  status_by: null,
  status_by_name: null,
  status_on: null,
  priority: 1,
  due_date: null,
  templates_id: null,
  created_by: 2,
  created_by_name: 'Frank Member',
  checklist_total: 0,
  checklist_done: 0,
  overdue: false,
  can_manage: false,
  assignees: [{ employees_id: 9, name: 'Dana Member' }],
  files: [],
};

beforeEach(() => {
  localStorage.setItem(SELECTED_TENANT_KEY, TENANT);
  answerOperations({
    ListTaskJobs: () => ({ listTaskJobs: [] }),
    // The tasks module's own names: the people on the tasks she may read, id and name only.
    TaskPeople: () => ({
      listTaskPeople: [
        { id: 9, name: 'Dana Member' },
        { id: 2, name: 'Frank Member' },
        { id: 4, name: 'Pam Member' },
      ],
    }),
    ListTasks: () => ({ listTasks: { items: [task], nextToken: null } }),
  });
});

afterEach(() => {
  localStorage.clear();
});

describe("a crew member's Tasks page (issue 46)", () => {
  it('names the people of her tasks from the tasks module, with no refused read of the directory', async () => {
    renderWithQueries(<TasksView />);
    expect(await screen.findByText('Brace the forms')).toBeInTheDocument();
    // The assignee filter offers the names the server gave, sorted.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Assigned to' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Dana Member', 'Frank Member', 'Pam Member']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Frank Member' }));
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('Frank Member');
    // Asked once, of the tasks module; the directory (ListPeople/listEmployees) is never asked: nothing comes back refused.
    expect(requestedOperations().filter((o) => o === 'TaskPeople')).toHaveLength(1);
    expect(requestedOperations()).not.toContain('ListPeople');
  });
});
