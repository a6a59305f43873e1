import { useTranslation } from 'react-i18next';
import { JoinLinksPanel } from '../modules/join/components/join-links-panel';
import { PendingMembers } from '../modules/join/components/pending-members';
import { PeopleView } from '../modules/people/components/people-view';

/**
 * /admin/people: the directory with adding, editing, invitations, removal, global admins and the Groups tab, and the
 * join module's links tab and the people waiting for approval (issue 26). The two modules meet here, not in each other.
 */
export function AdminPeoplePage() {
  const { t } = useTranslation('join');
  return (
    <PeopleView
      admin
      join={{
        tabLabel: t('tab'),
        links: (tenant, admin) => <JoinLinksPanel tenant={tenant} admin={admin} />,
        pending: (tenant) => <PendingMembers tenant={tenant} />,
      }}
    />
  );
}
