import { ProjectsView } from './components/projects-view';

/** /modules/projects: jobs to look at; changes are made on /admin/projects. */
export function ProjectsPage() {
  return <ProjectsView admin={false} />;
}
