/**
 * Spec §2 route query keys on the component test page: id, admin, tab and step, each optional and independent.
 * Keys this page does not know are kept as they are. Plain code: the router is part of the first download.
 */
export interface TestPageSearch {
  id?: number;
  admin?: Scalar;
  tab?: Scalar;
  step?: number;
  [key: string]: unknown;
}

/**
 * The router reads `tab=2` as the number 2 and `admin=true` as true, and writes them back the same way; turning
 * them into text would write them back quoted (`tab=%222%22`), changing a key nobody touched.
 */
type Scalar = string | number | boolean;

const isScalar = (value: unknown): value is Scalar =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean';

export const QUERY_KEYS = ['id', 'admin', 'tab', 'step'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

export function validateTestPageSearch(raw: Record<string, unknown>): TestPageSearch {
  const { id, admin, tab, step, ...rest } = raw;
  const search: TestPageSearch = { ...rest };
  const idNumber = Number(id);
  if (id !== undefined && Number.isInteger(idNumber) && idNumber > 0) search.id = idNumber;
  if (isScalar(admin)) search.admin = admin;
  if (isScalar(tab)) search.tab = tab;
  const stepNumber = Number(step);
  if (step !== undefined && step !== '' && Number.isInteger(stepNumber)) search.step = stepNumber;
  return search;
}

/** `search` with `key` set to `value`, every other key untouched. */
export function withKey(search: TestPageSearch, key: QueryKey, value: Scalar): TestPageSearch {
  return { ...search, [key]: value };
}

/** `search` without `key`, every other key untouched. */
export function withoutKey(search: TestPageSearch, key: QueryKey): TestPageSearch {
  const { [key]: _removed, ...rest } = search;
  return rest;
}
