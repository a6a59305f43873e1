import { createHash } from 'node:crypto';
import type { Tx } from '../db/client.js';
import { deviceMutations } from './device-mutations.table.js';

/**
 * The demo company's record of one change a phone queued offline and sent later (a worker's mood answer), as
 * the outbox leaves it: a resend of that id answers from here.
 */
export async function seedDemoDeviceMutations(tx: Tx, tenant_uuid: string, employees_id: number): Promise<void> {
  await tx.insert(deviceMutations).values({
    tenant_uuid,
    employees_id,
    id: '0192f0c4-7e55-7a10-9b1d-2f6c8e4d1a01',
    payload_hash: createHash('sha256').update('demo: answerMood queued offline').digest('hex'),
    result: { data: { answerMood: { mood: 4 } } },
  });
}
