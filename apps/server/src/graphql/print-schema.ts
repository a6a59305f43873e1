import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { getSchema } from './schema.js';

export const schemaFile = path.join(import.meta.dirname, '../../schema.graphql');
export const printedSchema = () => `${printSchema(lexicographicSortSchema(getSchema()))}\n`;

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  writeFileSync(schemaFile, printedSchema());
  console.log(`wrote ${path.relative(process.cwd(), schemaFile)}`);
}
