import type { Tx } from '../../db/client.js';
import { files } from '../files/files.table.js';
import { issues } from './issues.table.js';

/**
 * One issue the demo company already reported, and the screenshot that went with it, since removed (status 0:
 * the record stays for the history, its bytes are gone, so it is neither served nor attachable).
 */
export async function seedDemoIssues(tx: Tx, tenant_uuid: string, reporter: { id: number; name: string; email: string }) {
  const [issue] = await tx
    .insert(issues)
    .values({
      tenant_uuid,
      employees_id: reporter.id,
      user_name: reporter.name,
      user_email: reporter.email,
      subject: 'Crew list slow to load on the job site',
      description: 'On one bar of signal the crew list takes a while to appear on the time card screen.',
      attached_files: [],
      emailed_on: new Date().toISOString(),
    })
    .returning({ uuid: issues.uuid });
  await tx.insert(files).values({
    tenant_uuid,
    original_name: 'crew-list.png',
    mimetype: 'image/png',
    ext: 'png',
    status: 0,
    employees_id: reporter.id,
    created_by: reporter.id,
    server_filename: '00000000-0000-4000-8000-000000000001.png',
    source_table: 'issues',
    source_uuid: issue.uuid,
    bytes: 0,
  });
}
