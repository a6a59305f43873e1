import { RECEIPT_MESSAGES } from '@groundwork/core/receipts';
import { describe, expect, it } from 'vitest';
import filesEn from '../../../components/files/files.en.json';
import filesEs from '../../../components/files/files.es.json';
import en from '../../../locales/receipts.en.json';
import es from '../../../locales/receipts.es.json';

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('receipts translations', () => {
  it('has the same keys in English and Spanish, for receipts and the shared file pieces', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect(keys(filesEs).sort()).toEqual(keys(filesEn).sort());
  });

  it('uses the spec’s message patterns verbatim in English', () => {
    for (const key of [
      'fetchError',
      'addError',
      'updateError',
      'deleteError',
      'added',
      'updated',
      'archived',
      'restored',
      'deleted',
    ] as const) {
      expect(en.messages[key]).toBe(RECEIPT_MESSAGES[key]);
    }
    expect(en.rules.splitsTotal).toBe(RECEIPT_MESSAGES.splitsTotal);
    expect(es.rules.splitsTotal).toBe('Los importes repartidos deben sumar el total del recibo.');
  });
});
