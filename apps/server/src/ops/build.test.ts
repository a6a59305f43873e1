import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The compiled server (scripts/build.mjs) bundles the packages it uses and splits what is reached only through
 * `import()` into chunks. A CommonJS module in such a chunk is handed to its importer as a default export only, so an
 * importer reading its named exports gets undefined (what broke sign-in: @fastify/cookie's `import('cookie')`). Every
 * such chunk must be one whose importer reads `default` (listed here), or its package stays external.
 */
const DEFAULT_ONLY = new Set(['nodemailer']);

const server = path.resolve(import.meta.dirname, '../..');
let dist: string;

beforeAll(() => {
  // Inside the repository, as the crash soak's own build is, so the external packages resolve from node_modules.
  dist = mkdtempSync(path.join(server, '.build-test-'));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: server, env: { ...process.env, SERVER_DIST: dist }, stdio: 'pipe' });
}, 120_000);

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('hands no CommonJS module to an import() that reads its named exports', () => {
    const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
    const commonJs = files.filter((f) => /^export default require_/m.test(readFileSync(path.join(dist, f), 'utf8')));
    const loaded = new Set(
      files.flatMap((f) => [...readFileSync(path.join(dist, f), 'utf8').matchAll(/import\("\.\/([^"]+\.js)"\)/g)].map((m) => m[1])),
    );
    const risky = commonJs.filter((f) => loaded.has(f) && !DEFAULT_ONLY.has(f.replace(/-[A-Z0-9]{8}\.js$/, '')));
    expect(risky).toEqual([]);
  });

  it('keeps pg out of the bundle and out of what loads before tracing starts', () => {
    const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
    const code = (f: string) => readFileSync(path.join(dist, f), 'utf8');
    const importsPg = files.filter((f) => /^import \w+ from "pg";$/m.test(code(f)));
    expect(importsPg.length).toBeGreaterThan(0);
    expect(files.filter((f) => code(f).includes('node_modules/pg/lib/client.js'))).toEqual([]);
    // main.js's static imports (before `await import('./serve-….js')`) never reach pg.
    const staticChunks = [...code('main.js').matchAll(/^import (?:.* from )?"\.\/([^"]+)";$/gm)].map((m) => m[1]);
    expect(staticChunks.filter((f) => importsPg.includes(f))).toEqual([]);
  });
});
