import { addDays, isoDay } from '@groundwork/core/pay-periods';
import { weekStart } from '@groundwork/core/scheduling';
import type { Tx } from '../../db/client.js';
import { scheduledLabor } from './scheduling.table.js';

/**
 * Three weeks of schedule (last week, this week, next week) for the demo's two crews, Monday to Friday:
 * Luis Hernandez's (people 3, 5, 6, 7) on the first job Monday to Wednesday and the third job Thursday and
 * Friday; Tom Nguyen's (people 4, 9, 11, 12, 13) on the second job, Frank on the fourth on Thursdays. On weekends
 * the sixth job, the Golden Brewery, is shut down for its tie-ins: Tom, Hector and Jake on Saturdays, Hector and Jake
 * on Sundays (so an admin's "Scheduled tomorrow" is not empty on a Friday or a Saturday). Past days are confirmed
 * (one declined), this week's are partly confirmed, next week's pending with one declined and two days of vacation.
 * The time cards (timecards.seed.ts) follow this plan. `people` and `jobs` are in the demo's order.
 */
export async function seedDemoSchedule(tx: Tx, tenant_uuid: string, people: number[], jobs: number[], today = isoDay(new Date())) {
  const monday = addDays(weekStart(today), -7);
  const luis = [3, 5, 6, 7];
  const tom = [4, 9, 11, 12, 13];
  type Row = typeof scheduledLabor.$inferInsert;
  const rows: Row[] = [];
  const answer = (date: string, person: number): Pick<Row, 'confirmation_status' | 'confirmed_on' | 'confirmation_reason'> => {
    if (person === 6 && date === addDays(monday, 2)) {
      return {
        confirmation_status: 'declined',
        confirmed_on: `${addDays(date, -2)}T18:05:00Z`,
        confirmation_reason: 'Dentist appointment',
      };
    }
    if (person === 12 && date === addDays(monday, 18)) {
      return { confirmation_status: 'declined', confirmed_on: `${addDays(today, 0)}T07:40:00Z`, confirmation_reason: 'Family event' };
    }
    const confirmed = date < today || (date <= addDays(today, 3) && person % 2 === 1);
    return confirmed
      ? {
          confirmation_status: 'confirmed',
          confirmed_on: `${addDays(date < today ? date : today, -1)}T19:30:00Z`,
          confirmation_reason: null,
        }
      : { confirmation_status: 'pending', confirmed_on: null, confirmation_reason: null };
  };
  for (let week = 0; week < 3; week++) {
    for (let d = 0; d < 5; d++) {
      const date = addDays(monday, week * 7 + d);
      for (const p of luis) {
        const job = d < 3 ? jobs[0] : jobs[2];
        if (people[p] && job) rows.push({ tenant_uuid, employees_id: people[p], jobs_id: job, date, ...answer(date, p) });
      }
      for (const p of tom) {
        if (!people[p]) continue;
        if (p === 11 && week === 2 && d < 2) {
          rows.push({
            tenant_uuid,
            employees_id: people[p],
            jobs_id: null,
            event_type: 'Vacation',
            date,
            confirmation_status: 'confirmed',
          });
          continue;
        }
        const job = p === 9 && d === 3 ? (jobs[3] ?? jobs[1]) : jobs[1];
        if (job) rows.push({ tenant_uuid, employees_id: people[p], jobs_id: job, date, ...answer(date, p) });
      }
    }
    const shutdown = jobs[5];
    for (const [d, crew] of [
      [5, [4, 11, 13]],
      [6, [11, 13]],
    ] as const) {
      const date = addDays(monday, week * 7 + d);
      for (const p of crew) {
        if (shutdown && people[p]) rows.push({ tenant_uuid, employees_id: people[p], jobs_id: shutdown, date, ...answer(date, p) });
      }
    }
  }
  if (rows.length) await tx.insert(scheduledLabor).values(rows);
}
