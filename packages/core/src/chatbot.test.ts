import { describe, expect, it } from 'vitest';
import { chatQuestionSchema, detectLanguage } from './chatbot.js';
import { buildNameIndex, canonicalText, type NameLists, namesIn, readWhen, understand } from './chatbot-understand.js';

const TODAY = '2026-11-24'; // a Tuesday

const LISTS: NameLists = {
  jobs: [
    { id: 1, job: 'Riverside Medical Office Building', abbr: 'RMOB', city: 'Denver' },
    { id: 2, job: 'Cherry Creek Townhomes Phase 2', abbr: 'CCT2', city: 'Denver' },
    { id: 3, job: 'Golden Brewery Expansion', abbr: 'GBX', city: 'Golden' },
    { id: 4, job: 'Highway 36 Culvert Replacement', abbr: null, city: 'Broomfield' },
  ],
  people: [
    { id: 10, first: 'Luis', last: 'Hernandez' },
    { id: 11, first: 'Tom', last: 'Nguyen' },
    { id: 12, first: 'José', last: 'Núñez' },
    { id: 13, first: 'Ben', last: 'Miller' },
  ],
  containers: [
    { id: 20, name: 'Truck 1 (Luis)' },
    { id: 21, name: 'Job box A' },
    { id: 22, name: 'HQ Shop' },
  ],
  vendors: [{ id: 30, name: 'Front Range Lumber' }],
  toolWords: ['hammer', 'drill', 'laser', 'level', 'generator', 'hilti', 'rotary'],
  receiptVendors: ['Home Depot', 'Lowe’s'],
};
const INDEX = buildNameIndex(LISTS);
const ask = (q: string, prev: Parameters<typeof understand>[4] = null, lang: 'en' | 'es' = 'en') => understand(q, TODAY, lang, INDEX, prev);

describe('the chatbot understanding', () => {
  it('tells English from Spanish', () => {
    expect(detectLanguage('Who is on Riverside tomorrow?')).toBe('en');
    expect(detectLanguage('¿Quién está en Riverside mañana?')).toBe('es');
    expect(detectLanguage('cuantas horas llevo')).toBe('es');
    expect(detectLanguage('Riverside', 'es')).toBe('es');
    expect(detectLanguage('donde trabajo manana')).toBe('es');
  });

  it('reads days and periods, in both languages, looking ahead for the schedule and back for time', () => {
    const day = (q: string, back = false) => readWhen(canonicalText(q), TODAY, back).day;
    expect(day('tomorrow')).toBe('2026-11-25');
    expect(day('mañana')).toBe('2026-11-25');
    expect(day('esta mañana')).toBeNull();
    expect(day('pasado mañana')).toBe('2026-11-26');
    expect(day('day after tomorrow')).toBe('2026-11-26');
    expect(day('ayer')).toBe('2026-11-23');
    expect(day('anteayer')).toBe('2026-11-22');
    expect(day('on Thursday')).toBe('2026-11-26');
    expect(day('el lunes')).toBe('2026-11-30');
    expect(day('next monday')).toBe('2026-11-30');
    expect(day('el martes')).toBe(TODAY);
    expect(day('friday', true)).toBe('2026-11-20');
    expect(day('el viernes pasado')).toBe('2026-11-20');
    expect(day('on 2026-12-01')).toBe('2026-12-01');
    expect(day('on 12/3')).toBe('2026-12-03');
    expect(day('who is here')).toBeNull();
    const period = (q: string) => readWhen(canonicalText(q), TODAY, true).period;
    expect(period('this week')).toEqual({ from: '2026-11-23', to: '2026-11-29', label: 'week' });
    expect(period('la semana pasada')).toEqual({ from: '2026-11-16', to: '2026-11-22', label: 'last_week' });
    expect(period('la semana que viene')).toEqual({ from: '2026-11-30', to: '2026-12-06', label: 'next_week' });
    expect(period('este mes')).toEqual({ from: '2026-11-01', to: '2026-11-30', label: 'month' });
  });

  it('finds intents and slots whatever the word order, with typos, short forms and lowercase codes', () => {
    expect(ask('How many hours did my crew book to 03-300 last week?')).toMatchObject({
      intent: 'hours',
      slots: { crew: true, costcode: '03-300', period: { label: 'last_week' } },
    });
    expect(ask('¿Dónde trabajo mañana?')).toMatchObject({ intent: 'schedule', language: 'es', slots: { self: true, day: '2026-11-25' } });
    expect(ask('wher am i workng tomorow')).toMatchObject({ intent: 'schedule', slots: { self: true, day: '2026-11-25' } });
    expect(ask('hrs last wk')).toMatchObject({ intent: 'hours', slots: { period: { label: 'last_week' } } });
    expect(ask('who runs gbx')).toMatchObject({ intent: 'job', slots: { jobs: [3] } });
    expect(ask('cct2 budget').slots.jobs).toEqual([2]);
    expect(ask('who is on cct 2 tomorrow').slots.jobs).toEqual([2]);
    expect(ask('budjet for the golden job')).toMatchObject({ intent: 'budget', slots: { jobs: [3] } });
    expect(ask('presupuesto de riverside').intent).toBe('budget');
    expect(ask('mis tareas').intent).toBe('tasks');
    expect(ask("what's in truck 1")).toMatchObject({ intent: 'container', slots: { containers: [20] } });
    expect(ask('que hay en la troca de luis')).toMatchObject({ intent: 'container', slots: { containers: [20] } });
    expect(ask('donde esta el taladro #2')).toMatchObject({ intent: 'tool', slots: { tool: 'drill #2' } });
    expect(ask('wheres t-0008').slots.toolNumber).toBe('T-0008');
    expect(ask('how much did we spend at lowes').slots.receiptVendor).toBe('Lowe’s');
    expect(ask('po 1005')).toMatchObject({ intent: 'orders', slots: { po: 1005 } });
  });

  it('finds people by nickname, typo or without accents', () => {
    expect(ask('telephone for luis hernadez').slots.people).toEqual([10]);
    expect(ask("tommy's phone").slots.people).toEqual([11]);
    expect(ask('¿teléfono de José Núñez?').slots.people).toEqual([12]);
    expect(ask('telefono de jose nunez').slots.people).toEqual([12]);
    expect(namesIn(INDEX, 'Riverside').jobs).toEqual([1]);
    expect(namesIn(INDEX, 'Ben').people).toEqual([13]);
  });

  it('reuses the previous question for a follow-up', () => {
    const first = ask('where am i working tomorrow');
    const prev = { intent: first.intent as string, self: true, date: first.slots.day };
    expect(ask('and thursday?', prev)).toMatchObject({ intent: 'schedule', followUp: true, slots: { day: '2026-11-26', self: true } });
    expect(ask('y el jueves?', prev, 'es')).toMatchObject({ intent: 'schedule', followUp: true, slots: { day: '2026-11-26' } });
    const hours = { intent: 'hours', person: 11, from: '2026-11-16', to: '2026-11-22' };
    expect(ask('and ben?', hours)).toMatchObject({ intent: 'hours', slots: { people: [13], period: { from: '2026-11-16' } } });
    const job = { intent: 'job', job: 1 };
    expect(ask('and the golden brewery job?', job)).toMatchObject({ intent: 'job', slots: { jobs: [3] } });
    // A new question is not a follow-up.
    expect(ask('my open tasks', job)).toMatchObject({ intent: 'tasks', followUp: false });
  });

  it('keeps out of a question what is not asked', () => {
    expect(ask('Sing me a song about cranes').intent).toBeNull();
    expect(ask('is there a daily report for rmob').intent).toBe('reports');
  });

  it('drops control characters and refuses empty or long questions', () => {
    expect(chatQuestionSchema.parse('  who   is on  RMC ')).toBe('who is on RMC');
    expect(chatQuestionSchema.parse('who\u0000 is\u001b on RMC')).toBe('who is on RMC');
    expect(chatQuestionSchema.safeParse('\u0000\u0007').success).toBe(false);
    expect(chatQuestionSchema.safeParse(' ').success).toBe(false);
    expect(chatQuestionSchema.safeParse('x'.repeat(501)).success).toBe(false);
  });
});
