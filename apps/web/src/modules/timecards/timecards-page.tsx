import { TimecardsView } from './components/timecards-view';

/** /modules/timecards: the signed-in person's time card by pay period; crews for foremen; every card for admins. */
export function TimecardsPage() {
  return <TimecardsView />;
}
