import { type PayPeriodType, payPeriodFor } from '@groundwork/core/pay-periods';
import { Stack, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/use-can';
import { useSearchChange } from '../../../lib/search-change';
import { timecardQueryOptions, timecardSettingsQueryOptions } from '../api/queries';
import type { TimecardsSearch } from '../search';

type TabName = 'card' | 'clock' | 'on-the-clock';

/**
 * Whether the signed-in person sees the office's view: admins, and foremen (their current card names the jobs they
 * are foreman of; the card's own read, shared with the card tab).
 */
function useOfficeView(tenant: string | null): boolean {
  const isAdmin = useCan('timecards', 'write');
  const settings = useQuery({ ...timecardSettingsQueryOptions(tenant ?? ''), enabled: Boolean(tenant) && !isAdmin });
  const s = settings.data?.settings;
  const period = s ? payPeriodFor(s.today, s.pay_period_type as PayPeriodType, s.pay_period_anchor) : null;
  const card = useQuery({
    ...timecardQueryOptions(tenant ?? '', period ?? { start: '', end: '' }, null),
    enabled: Boolean(tenant) && !isAdmin && period !== null,
  });
  return isAdmin || (card.data?.foreman_jobs_id.length ?? 0) > 0;
}

/** The time card's tabs (the card, the punch clock, the office's view), each its own `tab` query key. */
export function TimecardsTabs({ tenant, children }: { tenant: string | null; children: (tab: TabName) => ReactNode }) {
  const { t } = useTranslation('timecards');
  const search = useSearch({ strict: false }) as TimecardsSearch;
  const setSearch = useSearchChange<TimecardsSearch>();
  const office = useOfficeView(tenant);
  // The office's tab asked for by someone who may not see it (or before that is known) shows the clock.
  const tab: TabName = search.tab === 'on-the-clock' ? (office ? 'on-the-clock' : 'clock') : (search.tab ?? 'card');
  return (
    <Stack spacing={2}>
      {tenant && (
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) => setSearch({ tab: next === 'card' ? undefined : next })}
          aria-label={t('tabs.label')}
          variant="scrollable"
          scrollButtons={false}
        >
          <Tab value="card" label={t('tabs.card')} />
          <Tab value="clock" label={t('tabs.clock')} />
          {office && <Tab value="on-the-clock" label={t('tabs.onTheClock')} />}
        </Tabs>
      )}
      {children(tab)}
    </Stack>
  );
}
