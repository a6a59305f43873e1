import { type DetailSearch, validateDetailSearch } from '../../lib/detail-search';

/** The people screens' query keys: `id` the selected person; on /admin/people `tab` people (default) | groups. */
export type PeopleSearch = DetailSearch;
export const validatePeopleSearch = validateDetailSearch;
