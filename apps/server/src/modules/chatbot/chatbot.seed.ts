import type { Tx } from '../../db/client.js';
import { chatMessages } from './chatbot.table.js';
import { say } from './chatbot.words.js';

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
      body: say('en', 'help'),
      language: 'en',
      engine: 'builtin',
    },
  ]);
}
