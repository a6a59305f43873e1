/** The permission names of spec §6, verbatim. A user's effective set is the union over their active groups. */
export const PERMISSIONS = [
  'announcements_admin',
  'announcements_basic',
  'billing_admin',
  'billing_basic',
  'chatbot_basic',
  'people_admin',
  'people_basic',
  'projects_admin',
  'projects_basic',
  'receipts_admin',
  'receipts_basic',
  'scheduling_admin',
  'tool20_admin',
  'tool20_basic',
  'ordering_admin',
  'ordering_basic',
  'project_notes_admin',
  'project_notes_basic',
  'basic_access',
  'admin_access',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Full access: spec §6 `admin_access`, also held by every global admin (employees.is_admin). */
export const ADMIN_ACCESS: Permission = 'admin_access';

/** True when the user holds any of `wanted` (spec §6: "tests whether the user holds any of a given list"). */
export function holdsAny(held: ReadonlySet<string> | readonly string[], wanted: readonly string[]): boolean {
  const set = held instanceof Set ? held : new Set(held);
  return wanted.some((p) => set.has(p));
}

/** The product's modules (the `modules` catalogue, seeded by migration 0008): a company switches each on or off. */
export const MODULES = {
  timecards: 1,
  projects: 2,
  people: 3,
  tool20: 4,
  receipts: 5,
  ordering: 6,
  inventory: 7,
  project_notes: 8,
  scheduling: 9,
  announcements: 10,
  tasks: 11,
  chatbot: 12,
  external_links: 13,
  reports: 14,
} as const;

export type ModuleKey = keyof typeof MODULES;

/**
 * What one area of the product allows (spec §6): `admin` permissions create, edit, delete and read
 * everything; `read` permissions read everything; `own` permissions read (and, with `ownCreate`, add) only
 * the holder's own rows, filtered by employees_id. admin_access is full access everywhere. `member: true`
 * lets every active member of the company read. `module` is the company's switch for the area: off, and
 * every operation of the area is refused, whatever the permissions.
 */
export type AreaRule = {
  module?: ModuleKey;
  admin: readonly Permission[];
  read?: readonly Permission[];
  own?: readonly Permission[];
  ownCreate?: boolean;
  member?: boolean;
};

/** The one permission matrix: the server's operations and the web app's controls both ask it. */
export const PERMISSION_MATRIX = {
  /** Time cards: everyone keeps their own card; admins see and correct everyone's. */
  timecards: { module: 'timecards', admin: [], own: ['basic_access'] },
  /**
   * Punches (issue 47), part of time cards: everyone punches themselves; admins everyone. A foreman's reach (his
   * crew on his jobs: crew punches, corrections, the office view) is decided by jobs_foremen in modules/punches, as
   * the time card decides a foreman's crew days.
   */
  punches: { module: 'timecards', admin: [], own: ['basic_access'] },
  /** Jobs with their foremen, PMs and budgets. */
  projects: { module: 'projects', admin: ['projects_admin'], read: ['projects_basic'] },
  /** Cost codes: shared reference data that every time card needs. */
  costcodes: { admin: ['projects_admin'], read: ['projects_basic', 'basic_access'] },
  /** The people directory and its admin screen. */
  people: { module: 'people', admin: ['people_admin'], read: ['people_basic'] },
  /** User groups: people admins read them; only full admins hand out permissions. */
  usergroups: { admin: [], read: ['people_basic', 'people_admin'] },
  /** Departments and divisions: company setup, read by everyone's forms. */
  organisation: { admin: ['people_admin'], read: ['people_basic', 'basic_access'] },
  /** Custom links: admins plant them on anyone's dashboard; everyone reads (and adds) their own. */
  customlinks: { admin: ['people_admin'], own: ['basic_access'] },
  /** Company settings: every member reads them (the snackbar needs setting 17); admins change them. */
  settings: { admin: [], member: true },
  /** The module and price catalogues and the company's switches (spec §6: pricing only for admin_access). */
  modules: { admin: [], member: true },
  pricing: { admin: [] },
  /** The company itself: deleting it, its subscription. */
  company: { admin: [], member: true },
  /** The file cabinet (spec §3 File): everyone sees the files they uploaded; admins see, rename and hide the company's. */
  files: { admin: [], own: ['basic_access'] },
  /** Things every member does for themselves: the menu, their profile, reporting an issue. */
  self: { admin: [], member: true },
  announcements: { module: 'announcements', admin: ['announcements_admin'], read: ['announcements_basic'] },
  billing: { admin: ['billing_admin'], read: ['billing_basic'] },
  chatbot: { module: 'chatbot', admin: [], read: ['chatbot_basic'] },
  receipts: { module: 'receipts', admin: ['receipts_admin'], own: ['receipts_basic'], ownCreate: true },
  /**
   * Crew scheduling (issue 46): the planner's board (every person's days) is for those who plan, scheduling_admin;
   * basic_access reads only their own days (My Schedule, answering them) and, as a job's foreman, that job's crews
   * (getMyCrews decides by jobs_foremen), as the chatbot's schedule tool already did.
   */
  scheduling: { module: 'scheduling', admin: ['scheduling_admin'], own: ['basic_access'] },
  tools: { module: 'tool20', admin: ['tool20_admin'], read: ['tool20_basic'] },
  /** Purchase orders: ordering_basic sees and adds only their own (issue 17), ordering_admin all of them. */
  ordering: { module: 'ordering', admin: ['ordering_admin'], own: ['ordering_basic'], ownCreate: true },
  /** Vendors: read by whoever orders, kept by ordering admins. */
  vendors: { module: 'ordering', admin: ['ordering_admin'], read: ['ordering_basic'] },
  /** The item catalogue (/modules/inventory): read by whoever orders or handles tools, kept by ordering admins. */
  catalogue: { module: 'inventory', admin: ['ordering_admin'], read: ['ordering_basic', 'tool20_basic', 'tool20_admin'] },
  /** Daily reports: project_notes_basic writes and sees their own (issue 18), project_notes_admin all of them. */
  project_notes: { module: 'project_notes', admin: ['project_notes_admin'], own: ['project_notes_basic'], ownCreate: true },
  /**
   * Tasks (§6 names no tasks permission): every member reaches the area; which tasks is decided per task in
   * tasks.ts (assigned to them or on a job they belong to; admins and the job's foremen and PMs create and
   * assign on that job). `write` (checklist templates) is admin_access only.
   */
  tasks: { module: 'tasks', admin: [], member: true },
  /**
   * The report catalogue (issue 27): every member reaches the area while the module is on; what they see is
   * decided per report (admin_access: the whole company; a job's foremen and PMs: their jobs; anyone else refused).
   */
  reports: { module: 'reports', admin: [], member: true },
} as const satisfies Record<string, AreaRule>;

export type Area = keyof typeof PERMISSION_MATRIX;
/** read: list and get; create: add records; write: change and delete them. */
export type Action = 'read' | 'create' | 'write';
/** 'all': every row of the company; 'own': only the caller's rows (employees_id); null: refused. */
export type Access = 'all' | 'own' | null;

/**
 * What `held` allows on `area` for `action`, with the company's switched-off modules (`off`, module ids)
 * taken into account. The single answer both sides use.
 */
export function accessTo(
  held: ReadonlySet<string> | readonly string[],
  area: Area,
  action: Action,
  off: ReadonlySet<number> = new Set(),
): Access {
  const rule: AreaRule = PERMISSION_MATRIX[area];
  if (rule.module && off.has(MODULES[rule.module])) return null;
  const set = held instanceof Set ? held : new Set(held);
  if (set.has(ADMIN_ACCESS) || holdsAny(set, rule.admin)) return 'all';
  if (action !== 'read') return action === 'create' && rule.ownCreate && rule.own && holdsAny(set, rule.own) ? 'own' : null;
  if (rule.member || holdsAny(set, rule.read ?? [])) return 'all';
  if (rule.own && holdsAny(set, rule.own)) return 'own';
  return null;
}

/** Whether `held` may do `action` on `area` at all (perhaps only on their own rows). */
export function can(held: ReadonlySet<string> | readonly string[], area: Area, action: Action, off?: ReadonlySet<number>): boolean {
  return accessTo(held, area, action, off) !== null;
}
