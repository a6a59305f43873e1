// What the bench takes from PostGraphile, resolved from this folder's own node_modules (see bench/postgraphile.ts).
export { postgraphile } from 'postgraphile';
export { makePgService } from 'postgraphile/adaptors/pg';
export { grafserv } from 'postgraphile/grafserv/node';
export { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
