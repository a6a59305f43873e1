import { queryOptions } from '@tanstack/react-query';
import { readFragment } from 'gql.tada';
import { graphql, type ResultOf, request, type VariablesOf } from '../../../lib/graphql';

export const TaskFieldsFragment = graphql(`
  fragment TaskFields on Task {
    id uuid created_on parent_task title body task_thread_uuid rel_table rel_id jobs_id job_label status status_by status_by_name
    status_on priority due_date templates_id created_by created_by_name checklist_total checklist_done overdue can_manage
    assignees { employees_id name }
    files { uuid original_name mimetype ext bytes thumbnail_base64 }
  }
`);

export const ThreadFieldsFragment = graphql(`
  fragment ThreadFields on TaskThread {
    task_thread_uuid tasks_id
    entries { id task_action_id action body employees_id user_name created_on status assignees file_uuids }
  }
`);

const listTasksQuery = graphql(
  `
  query ListTasks($tenant_uuid: ID!, $filter: TaskFilter, $limit: Int, $nextToken: String) {
    listTasks(tenant_uuid: $tenant_uuid, filter: $filter, limit: $limit, nextToken: $nextToken) {
      items { ...TaskFields }
      nextToken
    }
  }
`,
  [TaskFieldsFragment],
);

const listTaskThreadsQuery = graphql(
  `
  query ListTaskThreads($tenant_uuid: ID!, $task_thread_uuid: ID) {
    listTaskThreads(tenant_uuid: $tenant_uuid, task_thread_uuid: $task_thread_uuid) { ...ThreadFields }
  }
`,
  [ThreadFieldsFragment],
);

const customCreateTaskMutation = graphql(
  `
  mutation CustomCreateTask($tenant_uuid: ID!, $user_id: Int!, $user_name: String, $parent_task: Int, $task: TaskCreateInput!) {
    customCreateTask(tenant_uuid: $tenant_uuid, user_id: $user_id, user_name: $user_name, parent_task: $parent_task, task: $task) {
      tasks { ...TaskFields }
      threads { ...ThreadFields }
    }
  }
`,
  [TaskFieldsFragment, ThreadFieldsFragment],
);

export const customUpdateTaskMutation = graphql(
  `
  mutation CustomUpdateTask(
    $tenant_uuid: ID!
    $task_id: Int!
    $task_action_id: Int!
    $user_id: Int!
    $user_name: String
    $body: String
    $task_thread_uuid: ID!
    $status: String
    $assignees: [Int!]
    $file_uuids: [ID!]
    $due_date: String
  ) {
    customUpdateTask(
      tenant_uuid: $tenant_uuid
      task_id: $task_id
      task_action_id: $task_action_id
      user_id: $user_id
      user_name: $user_name
      body: $body
      task_thread_uuid: $task_thread_uuid
      status: $status
      assignees: $assignees
      file_uuids: $file_uuids
      due_date: $due_date
    ) {
      task { ...TaskFields }
      thread { ...ThreadFields }
    }
  }
`,
  [TaskFieldsFragment, ThreadFieldsFragment],
);

const listChecklistTemplatesQuery = graphql(`
  query ListChecklistTemplates($tenant_uuid: ID!) {
    listChecklistTemplates(tenant_uuid: $tenant_uuid) { id name description status items { title } }
  }
`);

export const saveChecklistTemplateMutation = graphql(`
  mutation SaveChecklistTemplate($tenant_uuid: ID!, $template: ChecklistTemplateInput!) {
    saveChecklistTemplate(tenant_uuid: $tenant_uuid, template: $template) { id name }
  }
`);

const applyChecklistTemplateMutation = graphql(
  `
  mutation ApplyChecklistTemplate($tenant_uuid: ID!, $templates_id: Int!, $jobs_id: Int!, $confirm: Boolean) {
    applyChecklistTemplate(tenant_uuid: $tenant_uuid, templates_id: $templates_id, jobs_id: $jobs_id, confirm: $confirm) {
      tasks { id title }
    }
  }
`,
);

const listTaskJobsQuery = graphql(`
  query ListTaskJobs($tenant_uuid: ID!) {
    listTaskJobs(tenant_uuid: $tenant_uuid) { id label leads }
  }
`);

/**
 * The names the page shows and picks from (issue 46): the tasks module's own list, id and name only, so a crew
 * member without the directory (people_basic) gets the people on their tasks instead of a refused read.
 */
const taskPeopleQuery = graphql(`
  query TaskPeople($tenant_uuid: ID!) {
    listTaskPeople(tenant_uuid: $tenant_uuid) { id name }
  }
`);

const setupChecklistQuery = graphql(`
  query GetSetupChecklist($tenant_uuid: ID!) {
    getSetupChecklist(tenant_uuid: $tenant_uuid) { key done }
  }
`);

export type Task = ResultOf<typeof TaskFieldsFragment>;
export type TaskThread = ResultOf<typeof ThreadFieldsFragment>;
export type TaskFilter = NonNullable<VariablesOf<typeof listTasksQuery>['filter']>;
export type TaskCreateInput = VariablesOf<typeof customCreateTaskMutation>['task'];
export type TaskUpdateVars = Omit<VariablesOf<typeof customUpdateTaskMutation>, 'tenant_uuid'>;
export type TaskJob = ResultOf<typeof listTaskJobsQuery>['listTaskJobs'][number];
export type TaskPerson = { id: number; name: string };

export const taskKeys = {
  all: (tenant: string) => ['tasks', tenant] as const,
  list: (tenant: string, filter: TaskFilter) => ['tasks', tenant, 'list', filter] as const,
  thread: (tenant: string, uuid: string) => ['tasks', tenant, 'thread', uuid] as const,
  subtasks: (tenant: string, id: number) => ['tasks', tenant, 'subtasks', id] as const,
  templates: (tenant: string) => ['tasks', tenant, 'templates'] as const,
  setup: (tenant: string) => ['tasks', tenant, 'setup'] as const,
  jobs: (tenant: string) => ['tasks-lookups', tenant, 'jobs'] as const,
  people: (tenant: string) => ['tasks-lookups', tenant, 'people'] as const,
};

const PAGE_SIZE = 50;

export async function fetchTaskPage(tenant: string, filter: TaskFilter, nextToken: string | null, limit = PAGE_SIZE) {
  const data = await request(listTasksQuery, { tenant_uuid: tenant, filter, limit, nextToken });
  return { items: data.listTasks.items.map((x) => readFragment(TaskFieldsFragment, x)), nextToken: data.listTasks.nextToken ?? null };
}

export const threadQueryOptions = (tenant: string, uuid: string) =>
  queryOptions({
    queryKey: taskKeys.thread(tenant, uuid),
    queryFn: async (): Promise<TaskThread | null> => {
      const [thread] = (await request(listTaskThreadsQuery, { tenant_uuid: tenant, task_thread_uuid: uuid })).listTaskThreads;
      return thread ? readFragment(ThreadFieldsFragment, thread) : null;
    },
  });

export const subtasksQueryOptions = (tenant: string, id: number) =>
  queryOptions({
    queryKey: taskKeys.subtasks(tenant, id),
    queryFn: async () => (await fetchTaskPage(tenant, { parent_task: id }, null, 200)).items,
  });

export const templatesQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: taskKeys.templates(tenant),
    queryFn: async () => (await request(listChecklistTemplatesQuery, { tenant_uuid: tenant })).listChecklistTemplates,
  });

export const taskJobsQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: taskKeys.jobs(tenant),
    queryFn: async () => (await request(listTaskJobsQuery, { tenant_uuid: tenant })).listTaskJobs,
    staleTime: 60_000,
  });

export const taskPeopleQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: taskKeys.people(tenant),
    queryFn: async (): Promise<TaskPerson[]> =>
      (await request(taskPeopleQuery, { tenant_uuid: tenant })).listTaskPeople
        .map((p) => ({ id: p.id, name: p.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    staleTime: 60_000,
  });

export const setupQueryOptions = (tenant: string) =>
  queryOptions({
    queryKey: taskKeys.setup(tenant),
    queryFn: async () => (await request(setupChecklistQuery, { tenant_uuid: tenant })).getSetupChecklist,
  });

export const createTask = (
  tenant: string,
  vars: { user_id: number; user_name?: string | null; parent_task?: number | null; task: TaskCreateInput },
) => request(customCreateTaskMutation, { tenant_uuid: tenant, ...vars }).then((d) => d.customCreateTask);

export const updateTask = (tenant: string, vars: TaskUpdateVars) =>
  request(customUpdateTaskMutation, { tenant_uuid: tenant, ...vars }).then((d) => ({
    task: readFragment(TaskFieldsFragment, d.customUpdateTask.task),
    thread: readFragment(ThreadFieldsFragment, d.customUpdateTask.thread),
  }));

export const applyTemplate = (tenant: string, templates_id: number, jobs_id: number, confirm: boolean) =>
  request(applyChecklistTemplateMutation, { tenant_uuid: tenant, templates_id, jobs_id, confirm }).then((d) => d.applyChecklistTemplate);

export const saveTemplate = (tenant: string, template: VariablesOf<typeof saveChecklistTemplateMutation>['template']) =>
  request(saveChecklistTemplateMutation, { tenant_uuid: tenant, template }).then((d) => d.saveChecklistTemplate);
