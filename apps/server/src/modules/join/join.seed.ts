import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import { newJoinCode } from './join.service.js';
import { joinLinks, joinRequests } from './join.table.js';

/**
 * The demo company's join links (issue 26): the trailer-door link that hands out the Crew group after approval, an
 * old hiring-fair link turned off, and two people waiting. The waiting people have no accounts in the demo (an
 * identity of their own, nothing to sign in with): approving them shows the flow without anyone to log in as.
 */
export async function seedDemoJoin(tx: Tx, tenant_uuid: string, crewGroupId: number): Promise<void> {
  const [door] = await tx
    .insert(joinLinks)
    .values([
      { tenant_uuid, code: newJoinCode(), name: 'Trailer door: Riverside Medical', usergroup_ids: [crewGroupId] },
      { tenant_uuid, code: newJoinCode(), name: 'Spring hiring fair', status: 0, auto_approve: true, usergroup_ids: [crewGroupId] },
    ])
    .returning({ id: joinLinks.id });
  await tx.insert(joinRequests).values([
    {
      tenant_uuid,
      join_links_id: door.id,
      cognito_uuid: randomUUID(),
      username: 'marco.reyes@example.com',
      firstname: 'Marco',
      lastname: 'Reyes',
    },
    { tenant_uuid, join_links_id: door.id, cognito_uuid: randomUUID(), username: '+15550109876', firstname: 'Lucía', lastname: 'Fuentes' },
  ]);
}
