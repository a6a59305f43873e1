import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cardQueries, timecardKeys } from './keys';

describe('cardQueries', () => {
  it('marks only the cards and period collections of the one company stale after a save', async () => {
    const client = new QueryClient();
    const keys = {
      card: timecardKeys.card('t1', '2026-11-23', '2026-11-29', null),
      worker: timecardKeys.card('t1', '2026-11-23', '2026-11-29', 7),
      all: timecardKeys.collection('t1', '2026-11-23', '2026-11-29', 'all'),
      crew: timecardKeys.collection('t1', '2026-11-16', '2026-11-22', 'crew'),
      settings: timecardKeys.settings('t1'),
      jobs: timecardKeys.jobs('t1'),
      costcodes: timecardKeys.costcodes('t1', [1, 2]),
      people: timecardKeys.people('t1'),
      otherCompany: timecardKeys.card('t2', '2026-11-23', '2026-11-29', null),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await client.invalidateQueries(cardQueries('t1'));
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(['card', 'worker', 'all', 'crew']);
  });
});
