import type { Tx } from '../db/client.js';
import { readClient } from './tenant-gate.js';

/**
 * Reads an answer needs together. On the read path's pipelined connection (tenant-gate.ts) they leave at once, one
 * round trip for all; in a transaction on an ordinary connection, one after another: pg would queue them there
 * anyway, and warns that from pg 9 it will refuse a query sent while another runs. On PGlite there is one session.
 */
export async function readsTogether<T extends readonly unknown[]>(
  tx: Tx,
  ...reads: { [K in keyof T]: () => T[K] }
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  if (readClient(tx)) return (await Promise.all(reads.map((read) => read()))) as never;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as never;
}
