import { TasksView } from './components/tasks-view';

/** /modules/tasks: my tasks, tasks on my jobs, all tasks for admins; a phone list and a desktop board; checklist templates. */
export function TasksPage() {
  return <TasksView />;
}
