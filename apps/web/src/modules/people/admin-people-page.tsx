import { PeopleView } from './components/people-view';

/** /admin/people: the directory with adding, editing, invitations, removal, global admins and the Groups tab. */
export function AdminPeoplePage() {
  return <PeopleView admin />;
}
