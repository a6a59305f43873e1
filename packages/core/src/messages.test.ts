import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from './identity';
import { CATALOGUE_FUNCTIONS, ERROR_MESSAGES, formatMessage, fromText, type MessageKey, msg, placeholdersOf, TEMPLATES } from './messages';
import { ORDERING_MESSAGES } from './ordering';
import { TIMECARD_MESSAGES } from './pay-periods';
import { MESSAGES } from './people';
import { SCHEDULE_MESSAGES } from './scheduling';
import { TOOL_MESSAGES } from './tools';

const keys = Object.keys(ERROR_MESSAGES) as MessageKey[];

describe('the message catalogue (issue 46)', () => {
  it('has a dotted key per message, each once', () => {
    for (const key of keys) expect(key).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives each catalogue function a template that reads as the function does', () => {
    for (const key of CATALOGUE_FUNCTIONS) expect(TEMPLATES, key).toHaveProperty([key]);
    const same: [MessageKey, string, Record<string, string | number>][] = [
      ['form.max', MESSAGES.max(30), { max: 30 }],
      ['schedule.blocked', SCHEDULE_MESSAGES.blocked('Vacation'), { eventType: 'Vacation' }],
      ['schedule.partial', SCHEDULE_MESSAGES.partial('a; b'), { errors: 'a; b' }],
      ['schedule.updated', SCHEDULE_MESSAGES.updated(2, 1), { added: 2, removed: 1 }],
      [
        'tools.overlap',
        TOOL_MESSAGES.overlap('Saw', '2026-01-01', '2026-01-02', null),
        { tool: 'Saw', start: '2026-01-01', end: '2026-01-02' },
      ],
      [
        'tools.overlapFor',
        TOOL_MESSAGES.overlap('Saw', '2026-01-01', '2026-01-02', 'Ana'),
        { tool: 'Saw', start: '2026-01-01', end: '2026-01-02', holder: 'Ana' },
      ],
      ['timecards.increment', TIMECARD_MESSAGES.increment(15), { minutes: 15 }],
      ['ordering.itemsAdded', ORDERING_MESSAGES.itemsAdded(3), { count: 3 }],
      ['ordering.duplicateItems', ORDERING_MESSAGES.duplicateItems(['a', 'b']), { names: 'a, b' }],
      ['ordering.duplicateInBatch', ORDERING_MESSAGES.duplicateInBatch(['a']), { names: 'a' }],
      ['ordering.invalidEmail', ORDERING_MESSAGES.invalidEmail('x@'), { address: 'x@' }],
      ['ordering.insuranceLapsed', ORDERING_MESSAGES.insuranceLapsed('Acme', '2026-01-01'), { vendor: 'Acme', date: '2026-01-01' }],
      ['ordering.itemFailed', ORDERING_MESSAGES.itemFailed('archive'), { action: 'archive' }],
    ];
    for (const [key, text, values] of same) expect(formatMessage(ERROR_MESSAGES[key], values), key).toBe(text);
  });

  it('keeps the spec’s English where the spec names the message (§8)', () => {
    expect(ERROR_MESSAGES['common.signBackIn']).toBe(SIGN_IN_MESSAGES.sessionExpired);
    expect(ERROR_MESSAGES['common.signBackIn']).toBe('Please sign back in.');
    expect(ERROR_MESSAGES['schedule.failed']).toBe('Failed to update schedule. Please try again.');
    expect(ERROR_MESSAGES['schedule.noChange']).toBe('No changes made to schedule');
    expect(ERROR_MESSAGES['ordering.sent']).toBe('Order added and email sent successfully.');
    expect(ERROR_MESSAGES['billing.apiNotReady']).toBe('API not ready for Stripe fetch');
    expect(ERROR_MESSAGES['profile.themeSaveFailed']).toBe('Unable to save theme preference, please try again later.');
    expect(ERROR_MESSAGES['profile.issueFailed']).toBe('There was a problem submitting your issue.');
    expect(ERROR_MESSAGES['announcements.added']).toBe('Announcement added.');
    expect(ERROR_MESSAGES['tools.moved']).toBe('Tool moved.');
    expect(msg('schedule.updated', { added: 3, removed: 1 }).text).toBe('Schedule updated: 3 added, 1 removed.');
  });

  it('finds every message’s key from its English, with its values and any location in front', () => {
    for (const key of keys) {
      if (key === 'common.text') continue;
      const values = Object.fromEntries(placeholdersOf(ERROR_MESSAGES[key]).map((name, i) => [name, `v${i}`]));
      const found = fromText(formatMessage(ERROR_MESSAGES[key], values));
      // Messages with the same English share the first key; the English is what matters.
      expect(formatMessage(ERROR_MESSAGES[found.key], found.values), key).toBe(formatMessage(ERROR_MESSAGES[key], values));
    }
    expect(fromText('Record 2: name: You must enter a maximum of 200 characters')).toEqual({
      key: 'form.max',
      values: { max: 200 },
      text: 'Record 2: name: You must enter a maximum of 200 characters',
    });
    expect(fromText('Something a library said.')).toEqual({
      key: 'common.text',
      values: { text: 'Something a library said.' },
      text: 'Something a library said.',
    });
  });
});
