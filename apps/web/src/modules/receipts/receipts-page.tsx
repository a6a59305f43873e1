import { ReceiptsView } from './components/receipts-view';

/** /modules/receipts: a worker snaps and lists their receipts; receipts admins see, filter, split, archive and export everyone's. */
export function ReceiptsPage() {
  return <ReceiptsView />;
}
