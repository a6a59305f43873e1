import type { Tx } from '../../db/client.js';
import { chatMessages } from './chatbot.table.js';

/**
 * A short demo conversation for the foreman (people[3], Luis Hernandez): a question about his crew's hours and the
 * built-in assistant's answer as it would make it, so the chatbot screen and the admins' audit are not empty.
 */
export async function seedDemoChat(tx: Tx, tenant_uuid: string, people: number[]) {
  const luis = people[3];
  if (!luis) return;
  await tx.insert(chatMessages).values([
    { tenant_uuid, employees_id: luis, role: 'user', body: 'What can you do?', language: 'en' },
    {
      tenant_uuid,
      employees_id: luis,
      role: 'assistant',
      body: 'I answer from the company’s own records. Ask me, for example: who is scheduled on a job tomorrow; where someone (or you) is scheduled; how many hours you, your crew or someone booked this week or to a cost code; a job’s budget against its hours; your open tasks or a job’s; someone’s phone or e-mail; where a tool is.',
      language: 'en',
      engine: 'builtin',
    },
  ]);
}
