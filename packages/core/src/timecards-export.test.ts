import { describe, expect, it } from 'vitest';
import { buildExportRows, EXPORT_COLUMNS, type ExportColumn, exportFileName, exportTable, toCsv } from './timecards-export.js';

const PERIOD = { start: '2026-11-23', end: '2026-12-06' };
const INPUT = {
  period: PERIOD,
  entries: [
    { id: 3, employees_id: 7, timecard_date: '2026-11-24', jobs_id: 1, costcodes_id: 10, hours: 8, note: 'Pour, "slab" B' },
    { id: 1, employees_id: 7, timecard_date: '2026-11-23', jobs_id: 2, costcodes_id: 20, hours: 7.5, note: null },
    { id: 2, employees_id: 5, timecard_date: '2026-11-23', jobs_id: 1, costcodes_id: 10, hours: 10, note: '=HYPERLINK("x")' },
    // Outside the period: not exported.
    { id: 9, employees_id: 5, timecard_date: '2026-11-22', jobs_id: 1, costcodes_id: 10, hours: 4 },
  ],
  cards: [
    { employees_id: 5, payperiod_start_date: PERIOD.start, signed_on: '2026-12-06T22:15:00.000Z' },
    { employees_id: 7, payperiod_start_date: PERIOD.start, signed_on: null },
    // Another period's signature does not count.
    { employees_id: 7, payperiod_start_date: '2026-11-09', signed_on: '2026-11-22T10:00:00.000Z' },
  ],
  people: [
    { id: 5, firstname: 'Ivy', lastname: 'Patel' },
    { id: 7, firstname: 'Frank', lastname: 'Osei' },
  ],
  jobs: [
    { id: 1, job: 'Riverside Medical Office Building', job_abbr: 'RMOB' },
    { id: 2, job: 'Highway 36 Culvert Replacement', job_abbr: null },
  ],
  costcodes: [
    { id: 10, costcode: '03-300', description: 'Concrete' },
    { id: 20, costcode: '02-200', description: null },
  ],
};

const HEADERS = Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, c.toUpperCase()])) as Record<ExportColumn, string>;

describe('buildExportRows', () => {
  it('makes one row per entry of the period, by person then date, with names, overtime split and signature', () => {
    expect(buildExportRows(INPUT)).toEqual([
      {
        employee: 'Frank Osei',
        employee_id: 7,
        date: '2026-11-23',
        job: 'Highway 36 Culvert Replacement',
        costcode: '02-200',
        hours: 7.5,
        regular_hours: 7.5,
        overtime_hours: 0,
        note: '',
        signed: false,
        signed_on: '',
      },
      {
        employee: 'Frank Osei',
        employee_id: 7,
        date: '2026-11-24',
        job: 'RMOB · Riverside Medical Office Building',
        costcode: '03-300 Concrete',
        hours: 8,
        regular_hours: 8,
        overtime_hours: 0,
        note: 'Pour, "slab" B',
        signed: false,
        signed_on: '',
      },
      {
        employee: 'Ivy Patel',
        employee_id: 5,
        date: '2026-11-23',
        job: 'RMOB · Riverside Medical Office Building',
        costcode: '03-300 Concrete',
        hours: 10,
        regular_hours: 10,
        overtime_hours: 0,
        note: '=HYPERLINK("x")',
        signed: true,
        signed_on: '2026-12-06',
      },
    ]);
  });

  it('splits overtime per entry once a person passes 40 h in a week', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    const rows = buildExportRows({
      ...INPUT,
      entries: days.map((d, i) => ({ id: i + 1, employees_id: 5, timecard_date: d, jobs_id: 1, costcodes_id: 10, hours: 9 })),
    });
    expect(rows.map((r) => [r.regular_hours, r.overtime_hours])).toEqual([
      [9, 0],
      [9, 0],
      [9, 0],
      [9, 0],
      [4, 5],
    ]);
  });

  it('names what it cannot look up by its id', () => {
    const [row] = buildExportRows({ ...INPUT, people: [], jobs: [], costcodes: [], entries: [INPUT.entries[0]] });
    expect([row.employee, row.job, row.costcode]).toEqual(['#7', '#1', '#10']);
  });
});

describe('CSV', () => {
  it('writes the header and rows, quoting and defusing text, numbers as numbers', () => {
    const table = exportTable(buildExportRows(INPUT), HEADERS, { yes: 'Yes', no: 'No' });
    expect(table[0]).toEqual(EXPORT_COLUMNS.map((c) => c.toUpperCase()));
    const csv = toCsv(table);
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(lines[0]).toBe('EMPLOYEE,EMPLOYEE_ID,DATE,JOB,COSTCODE,HOURS,REGULAR_HOURS,OVERTIME_HOURS,NOTE,SIGNED,SIGNED_ON');
    expect(lines[1]).toBe('Frank Osei,7,2026-11-23,Highway 36 Culvert Replacement,02-200,7.5,7.5,0,,No,');
    expect(lines[2]).toBe('Frank Osei,7,2026-11-24,RMOB · Riverside Medical Office Building,03-300 Concrete,8,8,0,"Pour, ""slab"" B",No,');
    expect(lines[3]).toBe(
      'Ivy Patel,5,2026-11-23,RMOB · Riverside Medical Office Building,03-300 Concrete,10,10,0,"\'=HYPERLINK(""x"")",Yes,2026-12-06',
    );
  });

  it('names the file after the period', () => {
    expect(exportFileName(PERIOD, 'xlsx')).toBe('timecards-2026-11-23-to-2026-12-06.xlsx');
  });
});
