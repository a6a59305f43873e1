import { PeopleView } from './components/people-view';

/** /modules/people: the directory, for anyone with a people permission. */
export function PeoplePage() {
  return <PeopleView admin={false} />;
}
