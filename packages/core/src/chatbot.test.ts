import { describe, expect, it } from 'vitest';
import { chatQuestionSchema, dateIn, detectLanguage, mentions, normalizeText, parseQuestion, periodIn } from './chatbot.js';

const TODAY = '2026-11-24'; // a Tuesday

describe('the chatbot parser', () => {
  it('tells English from Spanish', () => {
    expect(detectLanguage('Who is on Riverside tomorrow?')).toBe('en');
    expect(detectLanguage('¿Quién está en Riverside mañana?')).toBe('es');
    expect(detectLanguage('cuantas horas llevo')).toBe('es');
    expect(detectLanguage('Riverside', 'es')).toBe('es');
  });

  it('reads the day a question names', () => {
    expect(dateIn(normalizeText('tomorrow'), TODAY)).toBe('2026-11-25');
    expect(dateIn(normalizeText('mañana'), TODAY)).toBe('2026-11-25');
    expect(dateIn(normalizeText('esta mañana'), TODAY)).toBe(TODAY);
    expect(dateIn(normalizeText('ayer'), TODAY)).toBe('2026-11-23');
    expect(dateIn(normalizeText('on Thursday'), TODAY)).toBe('2026-11-26');
    expect(dateIn(normalizeText('el lunes'), TODAY)).toBe('2026-11-30');
    expect(dateIn(normalizeText('el martes'), TODAY)).toBe(TODAY);
    expect(dateIn(normalizeText('on 2026-12-01'), TODAY)).toBe('2026-12-01');
    expect(dateIn(normalizeText('on 12/3'), TODAY)).toBe('2026-12-03');
    expect(dateIn(normalizeText('who is here'), TODAY)).toBeNull();
  });

  it('reads the period of an hours question, weeks from Monday', () => {
    expect(periodIn('this week', TODAY)).toEqual({ from: '2026-11-23', to: '2026-11-29', label: 'this_week' });
    expect(periodIn('la semana pasada', TODAY)).toEqual({ from: '2026-11-16', to: '2026-11-22', label: 'last_week' });
    expect(periodIn('este mes', TODAY)).toEqual({ from: '2026-11-01', to: TODAY, label: 'this_month' });
    expect(periodIn('hoy', TODAY)).toEqual({ from: TODAY, to: TODAY, label: 'today' });
  });

  it('finds the kind, the crew, the asker and a cost code', () => {
    expect(parseQuestion('How many hours did my crew book to 03-300 last week?', TODAY)).toMatchObject({
      kind: 'hours',
      crew: true,
      costcode: '03-300',
      period: { label: 'last_week' },
    });
    expect(parseQuestion('¿Dónde trabajo mañana?', TODAY)).toMatchObject({
      kind: 'schedule',
      self: true,
      date: '2026-11-25',
      language: 'es',
    });
    expect(parseQuestion("What's Ana's phone?", TODAY).kind).toBe('contact');
    expect(parseQuestion('presupuesto de Riverside', TODAY).kind).toBe('budget');
    expect(parseQuestion('mis tareas', TODAY).kind).toBe('tasks');
    expect(parseQuestion('hello there', TODAY).kind).toBe('help');
  });

  it('matches names as whole words, without accents or case', () => {
    expect(mentions(normalizeText('who is on riverside medical tomorrow'), 'Riverside Medical')).toBe(true);
    expect(mentions(normalizeText('¿teléfono de José Núñez?'), 'Jose Nunez')).toBe(true);
    expect(mentions(normalizeText('riversides'), 'Riverside')).toBe(false);
  });

  it('trims questions and refuses empty or long ones', () => {
    expect(chatQuestionSchema.parse('  who   is on  RMC ')).toBe('who is on RMC');
    expect(chatQuestionSchema.safeParse(' ').success).toBe(false);
    expect(chatQuestionSchema.safeParse('x'.repeat(501)).success).toBe(false);
  });
});
