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
