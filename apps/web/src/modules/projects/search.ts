import { type DetailSearch, validateDetailSearch } from '../../lib/detail-search';

/**
 * The jobs screens' query keys: `id` the selected job; with it, `tab` details | team | budget | timeline; without,
 * the overview's jobs (default) | timeline.
 */
export type ProjectsSearch = DetailSearch;
export const validateProjectsSearch = validateDetailSearch;
