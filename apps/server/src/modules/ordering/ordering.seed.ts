import { type OrderLine, orderTotalCents } from '@groundwork/core/ordering';
import { addDays, isoDay } from '@groundwork/core/pay-periods';
import type { Tx } from '../../db/client.js';
import { BUNDLES, CATALOGUE, VENDORS } from './ordering.seed-data.js';
import { bundleItems, itemClasses, items, itemTypes, orders, vendors } from './ordering.table.js';

/**
 * The demo company's buying (issue 17): ~150 catalogue items under 14 types and 7 classes, four bundles, 12 vendors
 * (one with lapsed insurance) and 20 purchase orders across the first jobs, most sent, some acknowledged, two
 * archived. `people` is in the demo's order (people[3] Luis Hernandez, people[4] Tom Nguyen; [0..2] the office).
 */
export async function seedDemoOrdering(tx: Tx, tenant_uuid: string, people: number[], jobs: number[], today = isoDay(new Date())) {
  const madeVendors = await tx
    .insert(vendors)
    .values(
      VENDORS.map(([name, contact_name, emails, is_supplier, insurance_expires], i) => ({
        tenant_uuid,
        name,
        contact_name,
        emails,
        is_supplier,
        insurance_expires,
        phone: `+1303555${String(1000 + i * 37).slice(0, 4)}`,
        address: `${100 + i * 45} ${['Industrial Way', 'Brighton Blvd', 'Federal Blvd', 'Santa Fe Dr'][i % 4]}, Denver, CO`,
      })),
    )
    .returning({ id: vendors.id });
  const classNames = [...new Set(CATALOGUE.map(([, cls]) => cls))];
  const classes = await tx
    .insert(itemClasses)
    .values(classNames.map((partclass) => ({ tenant_uuid, partclass })))
    .returning({ id: itemClasses.id, partclass: itemClasses.partclass });
  const classId = new Map(classes.map((c) => [c.partclass, c.id]));
  // Types as a tree: "Materials" and "Services" at the top.
  const [materials, services] = await tx
    .insert(itemTypes)
    .values([
      { tenant_uuid, partclass: 'Materials' },
      { tenant_uuid, partclass: 'Services' },
    ])
    .returning({ id: itemTypes.id });
  const types = await tx
    .insert(itemTypes)
    .values(
      CATALOGUE.map(([type]) => ({ tenant_uuid, partclass: type, parent_id: type === 'Equipment rental' ? services.id : materials.id })),
    )
    .returning({ id: itemTypes.id, partclass: itemTypes.partclass });
  const typeId = new Map(types.map((t) => [t.partclass, t.id]));
  const rows = CATALOGUE.flatMap(([type, cls, vendor, unit, list]) =>
    list.map(([item, cost], i) => ({
      tenant_uuid,
      item,
      unit,
      unit_cost_cents: cost,
      vendor_id: madeVendors[vendor].id,
      item_type_id: typeId.get(type),
      item_class_id: classId.get(cls),
      acc_id: `QB-${type.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, '0')}`,
      // A couple the company stopped buying.
      active: item === 'Flowable fill' || item === 'Copper 3/4 type L x 10 ft' ? 'false' : 'true',
    })),
  );
  const madeItems = await tx
    .insert(items)
    .values(rows)
    .returning({ id: items.id, item: items.item, unit: items.unit, cost: items.unit_cost_cents });
  const byName = new Map(madeItems.map((m) => [m.item, m]));
  for (const [name, parts] of BUNDLES) {
    const [bundle] = await tx
      .insert(items)
      .values({ tenant_uuid, item: name, unit: 'kit', is_bundle: true, item_class_id: classId.get('General') })
      .returning({ id: items.id });
    await tx
      .insert(bundleItems)
      .values(
        parts.map(([part, quantity]) => ({ tenant_uuid, bundle_items_id: bundle.id, items_id: byName.get(part)?.id as number, quantity })),
      );
  }

  // Orders: by the office (people 0..2) and the two foremen, over the last five weeks.
  const owners = [people[0], people[3], people[4], people[1], people[3]];
  const picks: [string, number][][] = [
    [
      ['2x4x8 SPF stud', 240],
      ['2x6x12 SPF', 60],
      ['Plywood 3/4 CDX', 40],
      ['16d sinker nails 50 lb', 2],
    ],
    [['Ready-mix 4000 psi', 32]],
    [
      ['Rebar #4 x 20 ft', 120],
      ['Rebar chair 3 in', 400],
      ['Tie wire roll', 6],
    ],
    [
      ['Drywall 1/2 x 4 x 8', 180],
      ['Joint compound 4.5 gal', 20],
      ['Paper tape 500 ft', 12],
    ],
    [
      ['Romex 12/2 250 ft', 8],
      ['Single gang box', 60],
      ['20A duplex receptacle', 60],
    ],
    [
      ['Hard hat type II', 6],
      ['Hi-vis vest class 2', 12],
      ['First aid kit 50 person', 1],
    ],
    [
      ['Mini excavator rental', 3],
      ['Plate compactor rental', 2],
    ],
    [
      ['Road base class 6', 48],
      ['Washed rock 3/4', 20],
    ],
    [
      ['Architectural shingles', 32],
      ['Synthetic underlayment roll', 6],
      ['Drip edge 10 ft', 24],
    ],
    [
      ['Joist hanger LUS210', 80],
      ['Hurricane tie H2.5A', 120],
      ['Structural screws 6 in (50)', 6],
    ],
  ];
  const values = Array.from({ length: 20 }, (_, i) => {
    const lines: OrderLine[] = picks[i % picks.length].map(([name, quantity]) => {
      const item = byName.get(name);
      return {
        items_id: item?.id ?? null,
        description: name,
        quantity,
        unit: item?.unit ?? null,
        unit_cost_cents: item?.cost ?? null,
        costcodes_id: null,
      };
    });
    const vendorIndex = CATALOGUE.find(([, , , , list]) => list.some(([n]) => n === picks[i % picks.length][0][0]))?.[2] ?? 0;
    const orderDate = addDays(today, -34 + Math.floor(i * 1.7));
    const sent = i < 17;
    return {
      tenant_uuid,
      po_number: 1001 + i,
      order_date: orderDate,
      deliver_date: addDays(orderDate, 2 + (i % 4)),
      status: i === 2 || i === 6 ? 0 : 1,
      to_emails: VENDORS[vendorIndex][2],
      cc_email: i % 3 === 0 ? 'maria.alvarez@summitridge.test' : null,
      jobs_id: jobs[i % jobs.length],
      employees_id: owners[i % owners.length],
      vendor_id: madeVendors[vendorIndex].id,
      notes: i % 4 === 0 ? 'Call the foreman 30 minutes before delivery. Gate code 4411.' : null,
      lines,
      total_cents: orderTotalCents(lines),
      sent_on: sent ? `${orderDate}T15:${String(10 + i).padStart(2, '0')}:00Z` : null,
      sent_by: sent ? owners[i % owners.length] : null,
      sent_to: sent ? VENDORS[vendorIndex][2] : null,
      send_count: sent ? 1 : 0,
      acknowledged_on: sent && i % 2 === 0 ? `${addDays(orderDate, 1)}T14:05:00Z` : null,
    };
  });
  await tx.insert(orders).values(values);
}
