/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 14: shell/ and auth/ sit below the modules and import none of them (biome.json's noRestrictedImports); the
// layouts in app/ compose a module's pieces into the shell. Each case lints a file as if it stood at `file`.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

function lint(file: string, source: string) {
  // Biome reports no diagnostics for stdin, so the probe is written where it claims to stand, linted and removed.
  const probe = path.join(root, path.dirname(file), `__boundary-probe-${process.pid}-${path.basename(file)}`);
  writeFileSync(probe, source);
  try {
    const run = spawnSync(biome, ['lint', probe], { cwd: root, encoding: 'utf8' });
    if (run.error) throw run.error;
    const output = `${run.stdout}${run.stderr}`;
    return { ok: !output.includes('lint/style/noRestrictedImports'), output };
  } finally {
    rmSync(probe, { force: true });
  }
}

const importing = (from: string) => `import { thing } from '${from}';\nexport const x = thing;\n`;

describe('import boundaries', () => {
  it('refuse a module imported from shell/ or auth/', () => {
    for (const [file, from] of [
      ['apps/web/src/shell/probe.ts', '../modules/notifications/notifications-bell'],
      ['apps/web/src/shell/probe.ts', '../modules/profile/api/profile-api'],
      ['apps/web/src/auth/probe.ts', '../modules/company/create-company-link'],
    ]) {
      const result = lint(file, importing(from));
      expect(result.ok, `${file} importing ${from}`).toBe(false);
      expect(result.output).toContain('they import no module');
    }
  });

  it('let app/ and the modules compose the shell, and the shell use lib/', () => {
    expect(lint('apps/web/src/app/layouts/probe.tsx', importing('../../modules/notifications/notifications-bell')).ok).toBe(true);
    expect(lint('apps/web/src/modules/profile/probe.ts', importing('../../shell/own-profile-api')).ok).toBe(true);
    expect(lint('apps/web/src/shell/probe.ts', importing('../lib/graphql')).ok).toBe(true);
  });
});
