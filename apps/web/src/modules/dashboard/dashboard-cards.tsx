import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../components/retry-alert';
import { localToday } from '../../lib/dates';
import { dateFormat, numberFormat } from '../../lib/intl';
import { type DashboardNumbers, dashboardQueryOptions } from './queries';

type CardView = { key: string; value: number; label: string; detail: string; to: string; search?: Record<string, string> };

/** The cards the answer holds, in a fixed order; a null card (not the person's to see) is left out. */
function cardsOf(d: DashboardNumbers, t: ReturnType<typeof useTranslation<'dashboard'>>['t'], language: string): CardView[] {
  const hours = numberFormat(language, { maximumFractionDigits: 2 });
  const whole = numberFormat(language);
  const days = dateFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const period = (start: string, end: string) => days.formatRange(new Date(`${start}T00:00:00Z`), new Date(`${end}T00:00:00Z`));
  const cards: CardView[] = [];
  if (d.hours) {
    cards.push({
      key: 'hours',
      value: d.hours.total,
      label: t('cards.hours.label'),
      detail: t('cards.hours.detail', { regular: hours.format(d.hours.regular), overtime: hours.format(d.hours.overtime) }),
      to: '/modules/timecards',
    });
  }
  if (d.unsigned_timecards) {
    const u = d.unsigned_timecards;
    cards.push({
      key: 'unsigned',
      value: u.count,
      label: t('cards.unsigned.label'),
      detail: t(u.all ? 'cards.unsigned.all' : 'cards.unsigned.crew', { period: period(u.period_start, u.period_end) }),
      to: '/modules/timecards',
      search: { period: u.period_start },
    });
  }
  if (d.jobs_over_budget) {
    cards.push({
      key: 'overBudget',
      value: d.jobs_over_budget.count,
      label: t('cards.overBudget.label'),
      detail: t('cards.overBudget.detail'),
      to: '/modules/projects',
    });
  }
  if (d.crew_tomorrow) {
    cards.push({
      key: 'crew',
      value: d.crew_tomorrow.scheduled,
      label: t('cards.crew.label'),
      detail: t('cards.crew.detail', { count: d.crew_tomorrow.unscheduled, n: whole.format(d.crew_tomorrow.unscheduled) }),
      to: '/admin/scheduling',
    });
  }
  if (d.tasks_due) {
    cards.push({
      key: 'tasks',
      value: d.tasks_due.due,
      label: t('cards.tasks.label'),
      detail: t('cards.tasks.detail', { count: d.tasks_due.overdue, n: whole.format(d.tasks_due.overdue) }),
      to: '/modules/tasks',
    });
  }
  if (d.tools_overdue) {
    cards.push({
      key: 'tools',
      value: d.tools_overdue.count,
      label: t('cards.tools.label'),
      detail: t(d.tools_overdue.all ? 'cards.tools.all' : 'cards.tools.own'),
      to: '/modules/tool20',
    });
  }
  if (d.receipts_to_review) {
    cards.push({
      key: 'receipts',
      value: d.receipts_to_review.count,
      label: t('cards.receipts.label'),
      detail: t('cards.receipts.detail'),
      to: '/modules/receipts',
    });
  }
  return cards;
}

const GRID = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  // Two columns on a phone (390 px wide), four from a tablet in landscape up.
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

/**
 * The dashboard's live numbers (issue 27): one card per number the person may see, each a link to the list behind
 * it. Loaded in one request; nothing at all when the person may see none of them.
 */
export function DashboardCards({ tenant }: { tenant: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const today = localToday();
  const query = useQuery(dashboardQueryOptions(tenant, today));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const number = numberFormat(language, { maximumFractionDigits: 2 });

  if (query.isError) {
    return (
      <RetryAlert retryLabel={t('retry')} onRetry={() => void query.refetch()}>
        {t('cards.fetchFailed')}
      </RetryAlert>
    );
  }

  const cards = query.data ? cardsOf(query.data, t, language) : null;
  if (cards && cards.length === 0) return null;

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="dashboard-cards-heading" aria-busy={!cards}>
      <Typography id="dashboard-cards-heading" variant="h6" component="h3">
        {t('cards.title')}
      </Typography>
      {!cards ? (
        <Box sx={GRID} role="status" aria-label={t('cards.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={112} />
          ))}
        </Box>
      ) : (
        <Box component="ul" sx={GRID}>
          {cards.map((card) => {
            const value = number.format(card.value);
            return (
              <Box component="li" key={card.key} sx={{ minWidth: 0 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={card.to as never}
                    search={card.search as never}
                    data-testid={`dashboard-card-${card.key}`}
                    sx={{ height: '100%' }}
                  >
                    <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
                      <Typography component="p" variant="h4" sx={{ fontWeight: 600, lineHeight: 1.1 }}>
                        {value}
                      </Typography>
                      <Typography component="p" sx={{ fontWeight: 500, mt: 0.5, overflowWrap: 'anywhere' }}>
                        {card.label}
                      </Typography>
                      <Typography component="p" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {card.detail}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
