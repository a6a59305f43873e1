import type { Tx } from '../../db/client.js';
import { customLinks } from './customlinks.table.js';

/** A few external links for the demo company's first people (the admins and a foreman). */
export async function seedDemoCustomLinks(tx: Tx, tenant_uuid: string, people: number[]): Promise<void> {
  const links: [number, string, string][] = [
    [0, 'OSHA construction safety', 'https://www.osha.gov/construction'],
    [0, 'Company handbook', 'https://summitridge.test/handbook'],
    [1, 'Supplier portal', 'https://summitridge.test/suppliers'],
    [3, 'OSHA construction safety', 'https://www.osha.gov/construction'],
    [3, 'Weather radar', 'https://radar.weather.gov/'],
  ];
  const rows = links.filter(([i]) => people[i] != null).map(([i, title, url]) => ({ tenant_uuid, employees_id: people[i], title, url }));
  if (rows.length) await tx.insert(customLinks).values(rows);
}
