import { type OrderLine, orderTotalCents } from '@groundwork/core/ordering';
import { addDays, isoDay } from '@groundwork/core/pay-periods';
import type { Tx } from '../../db/client.js';
import { bundleItems, itemClasses, items, itemTypes, orders, vendors } from './ordering.table.js';

const VENDORS: [string, string, string, boolean, string | null][] = [
  ['Front Range Lumber', 'Dana Whitfield', 'orders@frontrangelumber.test', true, '2027-06-30'],
  ['Mile High Concrete Supply', 'Ray Ortiz', 'dispatch@milehighconcrete.test', true, '2027-03-31'],
  ['Rocky Mountain Rebar', 'Kim Lee', 'sales@rmrebar.test', true, '2026-12-31'],
  ['Denver Fastener Co.', 'Pat Moore', 'orders@denverfastener.test', true, '2027-01-15'],
  ['Summit Electrical Wholesale', 'Alex Grant', 'counter@summitelectric.test', true, '2027-08-01'],
  ['Peak Plumbing Supply', 'Jordan Blake', 'orders@peakplumbing.test', true, '2027-02-28'],
  ['Colorado Drywall Distributors', 'Sam Patel', 'sales@codrywall.test', true, '2026-10-31'],
  ['Alpine Equipment Rental', 'Chris Young', 'rentals@alpinerental.test', false, '2027-05-31'],
  ['High Plains Aggregates', 'Morgan Diaz', 'dispatch@highplainsagg.test', true, '2027-04-30'],
  ['Western Safety Products', 'Taylor Fox', 'orders@westernsafety.test', true, null],
  ['Foothills Roofing Supply', 'Jamie Cole', 'sales@foothillsroofing.test', true, '2027-09-30'],
  ['Mountain Glass & Door', 'Riley Shaw', 'orders@mtnglass.test', true, '2025-12-31'],
];

// type → [class, vendor index, unit, [name, cost cents][]]
const CATALOGUE: [string, string, number, string, [string, number][]][] = [
  [
    'Lumber',
    'Framing',
    0,
    'ea',
    [
      ['2x4x8 SPF stud', 420],
      ['2x4x10 SPF', 610],
      ['2x6x8 SPF', 690],
      ['2x6x12 SPF', 1050],
      ['2x8x12 SPF', 1380],
      ['2x10x16 SPF', 2290],
      ['2x12x16 SPF', 2890],
      ['4x4x8 treated post', 1290],
      ['6x6x10 treated post', 3890],
      ['LVL 1-3/4 x 11-7/8 x 20', 11800],
      ['TJI 230 joist 9-1/2 x 20', 4200],
      ['Rim board 1-1/8 x 9-1/2 x 12', 3150],
    ],
  ],
  [
    'Sheet goods',
    'Framing',
    0,
    'sheet',
    [
      ['Plywood 3/4 CDX', 5250],
      ['Plywood 1/2 CDX', 3890],
      ['OSB 7/16 4x8', 1890],
      ['OSB 23/32 T&G subfloor', 3650],
      ['Zip System wall sheathing 7/16', 3290],
      ['Zip System roof sheathing 5/8', 4190],
    ],
  ],
  [
    'Concrete',
    'Concrete',
    1,
    'yd',
    [
      ['Ready-mix 3000 psi', 16500],
      ['Ready-mix 4000 psi', 17500],
      ['Ready-mix 4000 psi with fiber', 18900],
      ['Flowable fill', 12900],
      ['Grout 3000 psi', 19800],
    ],
  ],
  [
    'Concrete accessories',
    'Concrete',
    1,
    'ea',
    [
      ['Form release 5 gal', 8900],
      ['Curing compound 5 gal', 7400],
      ['Expansion joint 1/2 x 4 x 10', 690],
      ['Sono tube 12 in x 12 ft', 3890],
      ['Vapor barrier 15 mil roll', 21900],
      ['Snap ties 8 in (box of 100)', 6400],
      ['Wedge bolts (box of 50)', 4800],
    ],
  ],
  [
    'Rebar',
    'Concrete',
    2,
    'stick',
    [
      ['Rebar #3 x 20 ft', 690],
      ['Rebar #4 x 20 ft', 1150],
      ['Rebar #5 x 20 ft', 1790],
      ['Rebar #6 x 20 ft', 2590],
      ['Rebar chair 3 in', 35],
      ['Tie wire roll', 890],
      ['Dowel bar 3/4 x 18', 410],
      ['Welded wire mesh 6x6 W2.9 sheet', 2190],
    ],
  ],
  [
    'Fasteners',
    'General',
    3,
    'box',
    [
      ['16d sinker nails 50 lb', 8900],
      ['8d common nails 50 lb', 8700],
      ['Framing nails 3-1/4 coil', 6900],
      ['Deck screws 3 in 5 lb', 3890],
      ['Structural screws 6 in (50)', 5400],
      ['Anchor bolt 1/2 x 10', 180],
      ['Anchor bolt 5/8 x 12', 260],
      ['Joist hanger LUS28', 189],
      ['Joist hanger LUS210', 229],
      ['Hurricane tie H2.5A', 95],
      ['Hold-down HDU4', 2890],
      ['Strap tie MSTA24', 450],
      ['Concrete screws 1/4 x 2-3/4 (100)', 2490],
      ['Powder actuated pins 3 in (100)', 2890],
    ],
  ],
  [
    'Electrical',
    'MEP',
    4,
    'ea',
    [
      ['Romex 12/2 250 ft', 16900],
      ['Romex 14/2 250 ft', 11900],
      ['EMT 3/4 x 10 ft', 890],
      ['EMT 1/2 x 10 ft', 650],
      ['Single gang box', 120],
      ['Double gang box', 210],
      ['20A duplex receptacle', 290],
      ['20A GFCI receptacle', 2190],
      ['Single pole switch', 190],
      ['LED wafer light 6 in', 1490],
      ['Breaker 20A single pole', 990],
      ['Wire nuts assorted (100)', 1290],
    ],
  ],
  [
    'Plumbing',
    'MEP',
    5,
    'ea',
    [
      ['PEX-A 3/4 x 100 ft', 11900],
      ['PEX-A 1/2 x 100 ft', 7400],
      ['PVC DWV 3 in x 10 ft', 2190],
      ['PVC DWV 4 in x 10 ft', 3190],
      ['ABS cleanout 4 in', 1290],
      ['Copper 3/4 type L x 10 ft', 6900],
      ['Ball valve 3/4', 1890],
      ['PVC cement 32 oz', 1690],
      ['Wax ring', 490],
      ['Water heater 50 gal', 89900],
    ],
  ],
  [
    'Drywall',
    'Finishes',
    6,
    'sheet',
    [
      ['Drywall 1/2 x 4 x 8', 1390],
      ['Drywall 5/8 Type X 4 x 12', 2190],
      ['Moisture resistant 1/2 x 4 x 8', 1790],
      ['Joint compound 4.5 gal', 1990],
      ['Paper tape 500 ft', 690],
      ['Corner bead 8 ft', 390],
      ['Drywall screws 1-5/8 (25 lb)', 6400],
    ],
  ],
  [
    'Roofing',
    'Envelope',
    10,
    'square',
    [
      ['Architectural shingles', 11900],
      ['Synthetic underlayment roll', 9900],
      ['Ice and water shield roll', 12900],
      ['Drip edge 10 ft', 890],
      ['Ridge vent 4 ft', 1590],
      ['Roofing nails 1-1/4 coil', 4900],
    ],
  ],
  [
    'Aggregates',
    'Sitework',
    8,
    'ton',
    [
      ['Road base class 6', 2400],
      ['Washed rock 3/4', 3200],
      ['Pea gravel', 3400],
      ['Structural fill', 1900],
      ['Sand (concrete)', 2900],
      ['Rip rap 6-12 in', 5400],
    ],
  ],
  [
    'Safety',
    'General',
    9,
    'ea',
    [
      ['Hard hat type II', 2890],
      ['Safety glasses (12)', 2490],
      ['Hi-vis vest class 2', 890],
      ['Cut resistant gloves (12 pr)', 4890],
      ['Ear plugs (200)', 3490],
      ['Harness with lanyard', 18900],
      ['First aid kit 50 person', 8900],
      ['Fire extinguisher 10 lb', 6900],
      ['Caution tape 1000 ft', 1490],
      ['Traffic cone 28 in', 1890],
    ],
  ],
  [
    'Doors and windows',
    'Envelope',
    11,
    'ea',
    [
      ['Prehung interior door 30 in', 18900],
      ['Prehung exterior door 36 in', 54900],
      ['Vinyl window 36 x 48', 32900],
      ['Door hardware passage set', 2890],
      ['Door hardware entry set', 8900],
      ['Window flashing tape 4 in', 2490],
    ],
  ],
  [
    'Equipment rental',
    'Equipment',
    7,
    'day',
    [
      ['Mini excavator rental', 39500],
      ['Skid steer rental', 32500],
      ['Plate compactor rental', 8500],
      ['Scissor lift 19 ft rental', 17500],
      ['Concrete mixer rental', 6500],
      ['Light tower rental', 12500],
      ['Dumpster 30 yd (week)', 59500],
    ],
  ],
];

const BUNDLES: [string, [string, number][]][] = [
  [
    'Footing kit (per 10 ft)',
    [
      ['Rebar #4 x 20 ft', 4],
      ['Rebar chair 3 in', 12],
      ['Tie wire roll', 1],
    ],
  ],
  [
    'Interior door kit',
    [
      ['Prehung interior door 30 in', 1],
      ['Door hardware passage set', 1],
    ],
  ],
  [
    'Bathroom rough-in kit',
    [
      ['PEX-A 1/2 x 100 ft', 1],
      ['PVC DWV 3 in x 10 ft', 2],
      ['Ball valve 3/4', 2],
      ['PVC cement 32 oz', 1],
    ],
  ],
  [
    'New hire PPE kit',
    [
      ['Hard hat type II', 1],
      ['Hi-vis vest class 2', 1],
      ['Safety glasses (12)', 1],
      ['Cut resistant gloves (12 pr)', 1],
    ],
  ],
];

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
