import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '../../lib/storage';
import { loadWhenOnline } from '../../lib/when-online';
import { TimecardsTabs } from './clock/timecards-tabs';
import { TimecardsView } from './components/timecards-view';

// The punch clock and the office's view are fetched when their tab is opened: the card stays the first screen.
const ClockTab = lazy(() => loadWhenOnline(() => import('./clock/clock-tab')).then((m) => ({ default: m.ClockTab })));
const OfficeTab = lazy(() => loadWhenOnline(() => import('./clock/office-tab')).then((m) => ({ default: m.OfficeTab })));

/**
 * /modules/timecards: the signed-in person's time card by pay period; crews for foremen; every card for admins. Its
 * tabs (issue 47): the punch clock, and for foremen and admins who is on the clock.
 */
export function TimecardsPage() {
  const { t } = useTranslation('timecards');
  const tenant = useTenant();
  return (
    <TimecardsTabs tenant={tenant}>
      {(tab) =>
        tab === 'card' || !tenant ? (
          <TimecardsView />
        ) : (
          <Suspense fallback={<LinearProgress aria-label={t('loading')} />}>
            {tab === 'clock' ? <ClockTab tenant={tenant} /> : <OfficeTab tenant={tenant} />}
          </Suspense>
        )
      }
    </TimecardsTabs>
  );
}
