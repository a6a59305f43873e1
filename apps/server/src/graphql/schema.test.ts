import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema, schemaFile } from './print-schema.js';

describe('schema.graphql', () => {
  it('is the schema the server builds (run `npm run schema` after changing the API)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(printedSchema());
  });
});
