import { ProjectsView } from './components/projects-view';

/** /admin/projects: the jobs with create, edit, delete, team, budget and timeline controls for projects admins. */
export function AdminProjectsPage() {
  return <ProjectsView admin />;
}
