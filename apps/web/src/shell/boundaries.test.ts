/// <reference types="node" />
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 14: shell/ and auth/ sit below the modules and import none of them (biome.json's noRestrictedImports); the
// layouts in app/ compose a module's pieces into the shell. And no file is part of an import cycle
// (noImportCycles). Each case lints probe files as if they stood at their paths.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const biome = path.join(root, 'node_modules/.bin/biome');

/**
 * Writes each probe where it claims to stand (Biome reports no diagnostics for stdin), lints them all in one run (the
 * cycle rule reads the whole project's imports first, seconds a run) and removes them. Returns, per probe, the rules
 * that reported on it, and the whole output.
 */
function lint(probes: { file: string; source: string }[]) {
  const written = probes.map(({ file, source }, i) => {
    const probe = path.join(path.dirname(file), `__probe-${process.pid}-${i}-${path.basename(file)}`);
    writeFileSync(path.join(root, probe), source);
    return probe;
  });
  try {
    const run = spawnSync(biome, ['lint', '--max-diagnostics=200', ...written], { cwd: root, encoding: 'utf8' });
    if (run.error) throw run.error;
    const output = `${run.stdout}${run.stderr}`;
    const rules = written.map((probe) =>
      [...output.matchAll(new RegExp(`${probe.replaceAll('.', '\\.')}:\\d+:\\d+ (lint/\\S+)`, 'g'))].map((m) => m[1]),
    );
    return { rules, output };
  } finally {
    for (const probe of written) rmSync(path.join(root, probe), { force: true });
  }
}

const importing = (from: string) => `import { thing } from '${from}';\nexport const x = thing;\n`;

// One Biome run for every case below (each run reads the whole project's imports first).
const shellProbes = {
  refused: [
    ['apps/web/src/shell/probe.ts', '../modules/notifications/notifications-bell'],
    ['apps/web/src/shell/probe.ts', '../modules/profile/api/profile-api'],
    ['apps/web/src/auth/probe.ts', '../modules/company/create-company-link'],
  ],
  allowed: [
    ['apps/web/src/app/layouts/probe.tsx', '../../modules/notifications/notifications-bell'],
    ['apps/web/src/modules/profile/probe.ts', '../../shell/own-profile-api'],
    ['apps/web/src/shell/probe.ts', '../lib/graphql'],
  ],
};
const moduleProbes = {
  refused: [
    ['apps/web/src/modules/people/components/probe.tsx', '../../join/components/join-links-panel'],
    ['apps/web/src/modules/dashboard/probe.tsx', '../company/components/delete-company'],
    ['apps/web/src/modules/tasks/lib/probe.ts', '../../profile/components/passkeys'],
  ],
  allowed: [
    ['apps/web/src/modules/join/components/probe.tsx', '../../people/api/queries'],
    ['apps/web/src/modules/dashboard/probe.tsx', '../company/company-setup'],
    ['apps/web/src/modules/people/components/probe.tsx', '../../../components/confirm-dialog'],
    ['apps/web/src/modules/people/components/probe.tsx', '../api/keys'],
    ['apps/web/src/app/probe.tsx', '../modules/join/components/join-links-panel'],
  ],
};
const importProbes = [shellProbes, moduleProbes].flatMap(({ refused, allowed }) =>
  [...refused, ...allowed].map(([file, from]) => ({ file, source: importing(from) })),
);
// Two probes that import each other, one of them lazily (the way a route or dialog loads); lint() names them by index.
const cycleAt = importProbes.length;
const a = `__probe-${process.pid}-${cycleAt}-a`;
const b = `__probe-${process.pid}-${cycleAt + 1}-b`;
let result: ReturnType<typeof lint>;

beforeAll(() => {
  result = lint([
    ...importProbes,
    { file: 'apps/web/src/shell/a.ts', source: `import { b } from './${b}';\nexport const a = () => b;\n` },
    { file: 'apps/web/src/shell/b.ts', source: `export const b = 1;\nexport const later = () => import('./${a}');\n` },
  ]);
}, 60_000);

function expectBoundaries({ refused, allowed }: typeof shellProbes, offset: number) {
  for (const [i, [file, from]] of refused.entries()) {
    expect(result.rules[offset + i], `${file} importing ${from}`).toContain('lint/style/noRestrictedImports');
  }
  for (const [i, [file, from]] of allowed.entries()) {
    expect(result.rules[offset + refused.length + i], `${file} importing ${from}`).not.toContain('lint/style/noRestrictedImports');
  }
}

describe('import boundaries', () => {
  it('refuse a module imported from shell/ or auth/, and let app/ and the modules compose the shell', () => {
    expectBoundaries(shellProbes, 0);
    expect(result.output).toContain('they import no module');
  });

  it("refuse a module reaching into another module's folders, but for its api and the files at its top", () => {
    expectBoundaries(moduleProbes, shellProbes.refused.length + shellProbes.allowed.length);
    expect(result.output).toContain("A module's folders are its own");
  });

  it('refuse an import cycle, a lazy import() included', () => {
    expect(result.rules[cycleAt]).toContain('lint/suspicious/noImportCycles');
    expect(result.rules[cycleAt + 1]).toContain('lint/suspicious/noImportCycles');
  });
});
