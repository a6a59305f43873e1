import { crc32, deflateSync } from 'node:zlib';
import { addDays, datesOf, isoDay, PAY_PERIOD_TYPES, payPeriodFor, TIMECARD_SETTINGS } from '@groundwork/core/pay-periods';
import { weekStart } from '@groundwork/core/scheduling';
import type { Tx } from '../../db/client.js';
import { tenantSettings } from '../settings/settings.table.js';
import { timecardEntries, usersTimecard } from './timecards.table.js';

/** Pay periods start on this Monday, every two weeks. */
export const DEMO_PAY_PERIOD_ANCHOR = '2026-01-05';

// The demo's people, jobs and cost codes by their place in demo-seed.ts's lists.
const MARIA = 0;
const LUIS = 3;
const TOM = 4;
const AISHA = 5;
const BEN = 6;
const CARLOS = 7;
const EMILY = 8;
const HECTOR = 11;
const JAKE = 13;
const RMOB = 0;
const CCT2 = 1;
const ADC = 2;
const LER = 3;
const GBX = 5;
const GENERAL = 0; // 01-100 General Conditions
const SITE = 1; // 02-200 Site Work
const CONCRETE = 2; // 03-300 Concrete
const MASONRY = 3; // 04-200 Masonry
const STEEL = 4; // 05-100 Structural Steel
const CARPENTRY = 5; // 06-100 Rough Carpentry

/** One line of a day: job, cost code (indexes into the demo's lists) and hours. */
type Line = [job: number, code: number, hours: number];

/**
 * Who books what on a day, following the crew schedule (scheduling.seed.ts): Luis Hernandez's crew (Aisha, Ben,
 * Carlos) on RMOB Monday to Wednesday and ADC Thursday and Friday, Ben off on last week's Wednesday (his declined
 * day); Tom Nguyen's crew (Hector, Jake) on CCT2, and on weekends at the Golden Brewery's shutdown (GBX), which has
 * run past the hours budgeted for it; Maria Alvarez, the superintendent, between CCT2, ADC and LER; Emily Chen
 * pricing changes on CCT2 and ADC. Every line is on a cost code budgeted for its job.
 *
 * Left out on purpose, for the end-to-end journeys that start from an empty card: Frank Osei and Ivy Patel
 * (timecards.spec.ts enters and signs their first week), Grace Kowalski (offline.spec.ts). Maria books nothing to
 * RMOB: accounting.spec.ts signs her card and expects its one line on RMOB to be the only time QuickBooks receives.
 */
function linesOf(person: number, date: string, benOff: string): Line[] {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 6) {
    if (person === TOM)
      return [
        [GBX, GENERAL, 2],
        [GBX, SITE, 8],
      ];
    if (person === HECTOR) return [[GBX, SITE, 10]];
    if (person === JAKE) return [[GBX, STEEL, 10]];
    return [];
  }
  if (weekday === 0) {
    if (person === HECTOR) return [[GBX, SITE, 8]];
    if (person === JAKE) return [[GBX, STEEL, 8]];
    return [];
  }
  const site = weekday <= 3 ? RMOB : ADC;
  switch (person) {
    case MARIA:
      return [
        [CCT2, GENERAL, 3],
        [ADC, GENERAL, 3],
        [LER, GENERAL, 2.5],
      ];
    case LUIS:
      return [
        [site, GENERAL, 1.5],
        [site, CONCRETE, 7.5],
      ];
    case AISHA:
      return site === RMOB ? [[RMOB, CONCRETE, 8.5]] : [[ADC, CARPENTRY, 8.5]];
    case BEN:
      if (date === benOff) return [];
      return site === RMOB
        ? [
            [RMOB, SITE, 4],
            [RMOB, CONCRETE, 4.5],
          ]
        : [[ADC, SITE, 8.5]];
    case CARLOS:
      return [[site, CONCRETE, 8.5]];
    case EMILY:
      return [
        [CCT2, GENERAL, 6],
        [ADC, GENERAL, 2],
      ];
    case TOM:
      return [
        [CCT2, GENERAL, 1.5],
        [CCT2, SITE, 7],
      ];
    case HECTOR:
      return [[CCT2, SITE, 8.5]];
    case JAKE:
      return [[CCT2, MASONRY, 8]];
    default:
      return [];
  }
}

/** Who entered the line: the foreman for his crew (crew entry), everyone else their own. */
const ENTERED_BY: Record<number, number> = { [AISHA]: LUIS, [BEN]: LUIS, [CARLOS]: LUIS, [HECTOR]: TOM, [JAKE]: TOM };

/**
 * Time-card settings of a typical company, and time relative to today: the whole last pay period and the current
 * one up to yesterday (or today, on a period's first day, so the foremen's crews are on the current card). Aisha's and
 * Carlos's last cards are signed; everyone else's wait to be signed (the dashboard's unsigned time cards). Aisha's and
 * Carlos's come first: the accounting and QuickBooks Time seeds mark the first entries as pushed and imported, and a
 * pushed entry is a signed one. `people`, `jobs` and `codes` are in the demo's order.
 */
export async function seedDemoTimecards(
  tx: Tx,
  tenant_uuid: string,
  people: number[],
  jobs: number[],
  codes: number[],
  today = isoDay(new Date()),
): Promise<void> {
  const on = (id: number, pass_through_value: string | null = null, custom_value = 'true') => ({
    tenant_uuid,
    codx_tenant_options_values_id: id,
    custom_value,
    pass_through_value,
  });
  await tx
    .insert(tenantSettings)
    .values([
      on(TIMECARD_SETTINGS.payPeriodType, String(PAY_PERIOD_TYPES.biweekly)),
      on(TIMECARD_SETTINGS.payPeriodStart, null, DEMO_PAY_PERIOD_ANCHOR),
      on(TIMECARD_SETTINGS.sameDayUntilEndOfDay),
      on(TIMECARD_SETTINGS.payPeriodEndUntilEndOfDay),
      on(TIMECARD_SETTINGS.snackbar),
      on(TIMECARD_SETTINGS.minuteIncrements[0], '15'),
    ]);
  const current = payPeriodFor(today, PAY_PERIOD_TYPES.biweekly, DEMO_PAY_PERIOD_ANCHOR);
  const last = payPeriodFor(addDays(current.start, -1), PAY_PERIOD_TYPES.biweekly, DEMO_PAY_PERIOD_ANCHOR);
  const sofar = datesOf(current).filter((d) => d < today);
  const benOff = addDays(weekStart(today), -5);
  const order = [AISHA, CARLOS, LUIS, BEN, MARIA, TOM, EMILY, HECTOR, JAKE];
  const signed = new Set([AISHA, CARLOS]);

  for (const [period, days, past] of [
    [last, datesOf(last), true],
    [current, sofar.length ? sofar : [today], false],
  ] as const) {
    for (const person of order) {
      const employees_id = people[person];
      if (employees_id == null) continue;
      const lines = days.flatMap((timecard_date) =>
        linesOf(person, timecard_date, benOff).flatMap(([job, code, hours]) =>
          jobs[job] != null && codes[code] != null
            ? [
                {
                  tenant_uuid,
                  employees_id,
                  timecard_date,
                  jobs_id: jobs[job],
                  costcodes_id: codes[code],
                  hours,
                  created_by: people[ENTERED_BY[person] ?? person] ?? employees_id,
                },
              ]
            : [],
        ),
      );
      if (!lines.length) continue;
      const sign = past && signed.has(person);
      const [card] = await tx
        .insert(usersTimecard)
        .values({
          tenant_uuid,
          employees_id,
          payperiod_start_date: period.start,
          payperiod_end_date: period.end,
          ...(sign
            ? {
                signed_on: `${period.end}T21:${String(10 + person).padStart(2, '0')}:00Z`,
                signed_by: employees_id,
                signature_image: signature(person),
              }
            : {}),
        })
        .returning({ id: usersTimecard.id });
      await tx.insert(timecardEntries).values(lines.map((line) => ({ ...line, users_timecard_id: card.id })));
    }
  }
}

/** A drawn-looking signature (dark ink on white, as the signature pad saves it): a PNG data URL, one shape per seed. */
function signature(seed: number, width = 240, height = 72): string {
  const ink = new Uint8Array(width * height).fill(255);
  const dot = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px >= 0 && px < width && py >= 0 && py < height) ink[py * width + px] = 20;
      }
  };
  // A looping stroke across the box: a few loops of varying height, then an underline.
  const loops = 4 + (seed % 3);
  for (let t = 0; t <= 1; t += 1 / 1500) {
    const x = 16 + t * (width - 40) + 10 * Math.sin(t * Math.PI * 2 * loops);
    const y = height / 2 - (12 + 6 * Math.sin(seed + t * 7)) * Math.cos(t * Math.PI * 2 * loops) - 6 * t;
    dot(x, y);
  }
  for (let x = 20; x < width - 30; x++) dot(x, height - 14 + 2 * Math.sin(x / 25 + seed));
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0;
    Buffer.from(ink.subarray(y * width, (y + 1) * width)).copy(rows, y * (width + 1) + 1);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
