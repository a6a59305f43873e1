import { describe, expect, it } from 'vitest';
import { type ChunkingContext, linksOf, startupChunkGroups, startupClosure } from './startup-chunks';

/** A module graph as the bundler's chunking context shows it: each file's code, its static imports and exports. */
function graph(files: Record<string, { code: string; imports?: string[]; exports?: string[] }>): ChunkingContext {
  return {
    getModuleInfo: (id) => {
      const file = files[id];
      return file ? { code: file.code, importedIds: file.imports ?? [], exports: file.exports ?? [] } : null;
    },
  };
}

const names = (links: ReturnType<typeof linksOf>) =>
  links.map((l) => `${l.kind} ${l.spec} ${l.names === 'all' ? '*' : [...l.names].join(',')}`);

describe('linksOf', () => {
  it('reads imports, side-effect imports and re-exports, and not what comments say', () => {
    const code = [
      '// import { Nope } from "commented";',
      'import React, { useState as useS, useId } from "react";',
      'import * as z from "zod";',
      'import "./styles.css";',
      'export * from "./a.js";',
      'export * as b from "./b.js";',
      'export { c as see, default as D } from "./c.js";',
      'export const own = useS;',
    ].join('\n');
    expect(names(linksOf(code))).toEqual([
      'import ./styles.css *',
      'export ./a.js *',
      'export ./b.js b',
      'export ./c.js see,D',
      'import react default,useState,useId',
      'import zod *',
    ]);
  });

  it('counts an import that a pure index exports again as a re-export of the names exported', () => {
    const code = 'import { useQuery } from "./useQuery.js";\nimport * as z from "./external.js";\nexport { useQuery, z, z as default };';
    const links = linksOf(code);
    expect(names(links)).toEqual(['export ./useQuery.js useQuery', 'export ./external.js z,default']);
    expect([...(links[1].renames ?? [])]).toEqual([
      ['z', '*'],
      ['default', '*'],
    ]);
  });
});

describe('startupClosure', () => {
  const ctx = graph({
    '/app/src/main.tsx': {
      code: 'import { Box } from "ui";\nimport { can } from "./rules";',
      imports: ['/node_modules/ui/index.js', '/app/src/rules.ts'],
    },
    '/app/src/rules.ts': {
      code: 'export { can } from "./can";\nimport { z } from "zod";\nexport const schema = z;',
      imports: ['/app/src/can.ts', '/node_modules/zod/index.js'],
      exports: ['can', 'schema'],
    },
    '/app/src/can.ts': { code: 'export const can = () => true;', exports: ['can'] },
    '/node_modules/zod/index.js': { code: 'export const z = {};', exports: ['z'] },
    '/node_modules/ui/index.js': {
      code: 'export * from "./Box/index.js";\nexport { default as Grid } from "./Grid/index.js";',
      imports: ['/node_modules/ui/Box/index.js', '/node_modules/ui/Grid/index.js'],
    },
    '/node_modules/ui/Box/index.js': {
      code: 'import { css } from "../css.js";\nexport const Box = css;',
      imports: ['/node_modules/ui/css.js'],
      exports: ['Box'],
    },
    '/node_modules/ui/Grid/index.js': { code: 'export default 1;', exports: ['default'] },
    '/node_modules/ui/css.js': { code: 'export const css = 1;', exports: ['css'] },
  });

  it('follows only the names an index is asked for, and a module whose own code is not needed adds none of its imports', () => {
    const closure = startupClosure(['/app/src/main.tsx'], ctx);
    expect([...closure].sort()).toEqual([
      '/app/src/can.ts',
      '/app/src/main.tsx',
      '/app/src/rules.ts',
      '/node_modules/ui/Box/index.js',
      '/node_modules/ui/css.js',
      '/node_modules/ui/index.js',
    ]);
  });

  it('groups the page script’s imports as boot, what two apps share as common and the rest by app, leaving the roots alone', () => {
    const files = graph({
      '/w/src/main.tsx': { code: 'import { path } from "./paths";', imports: ['/w/src/paths.ts'] },
      '/w/src/paths.ts': { code: 'export const path = 1;', exports: ['path'] },
      '/w/src/a.tsx': {
        code: 'import { x } from "./shared";\nimport { y } from "./only-a";',
        imports: ['/w/src/shared.ts', '/w/src/only-a.ts'],
      },
      '/w/src/b.tsx': {
        code: 'import { x } from "./shared";\nimport { path } from "./paths";',
        imports: ['/w/src/shared.ts', '/w/src/paths.ts'],
      },
      '/w/src/shared.ts': { code: 'export const x = 1;', exports: ['x'] },
      '/w/src/only-a.ts': { code: 'export const y = 1;', exports: ['y'] },
    });
    const [boot, common, perApp] = startupChunkGroups('/w', 'src/main.tsx', [
      { name: 'app-a', roots: ['src/a.tsx'] },
      { name: 'app-b', roots: ['src/b.tsx'] },
    ]);
    const chunkOf = (id: string) => boot.name(id, files) ?? common.name(id, files) ?? perApp.name(id, files);
    expect(chunkOf('/w/src/shared.ts')).toBe('common');
    expect(chunkOf('/w/src/only-a.ts')).toBe('app-a');
    expect(chunkOf('/w/src/paths.ts')).toBe('boot');
    expect(chunkOf('/w/src/main.tsx')).toBeNull();
    expect(chunkOf('/w/src/a.tsx')).toBeNull();
  });

  it('puts a page’s first code beyond the apps’ in two chunks: its own folder’s and the library parts', () => {
    const files = graph({
      '/w/src/main.tsx': { code: '', imports: [] },
      '/w/src/app.tsx': { code: 'import { x } from "./shared";', imports: ['/w/src/shared.ts'] },
      '/w/src/shared.ts': { code: 'export const x = 1;', exports: ['x'] },
      '/w/src/cards/page.tsx': { code: 'import { View } from "./view";', imports: ['/w/src/cards/view.tsx'] },
      '/w/src/cards/view.tsx': {
        code: 'import { x } from "../shared";\nimport { Table } from "lib";\nexport const View = 1;',
        imports: ['/w/src/shared.ts', '/w/node_modules/lib/index.js'],
        exports: ['View'],
      },
      '/w/node_modules/lib/index.js': { code: 'export const Table = 1;', exports: ['Table'] },
      '/w/src/later.tsx': { code: 'import { Table } from "lib";', imports: ['/w/node_modules/lib/index.js'] },
    });
    const groups = startupChunkGroups(
      '/w',
      'src/main.tsx',
      [{ name: 'app', roots: ['src/app.tsx'] }],
      [{ name: 'cards', roots: ['src/cards/page.tsx'] }],
    );
    const chunkOf = (id: string) => groups.reduce<string | null>((found, group) => found ?? group.name(id, files), null);
    expect(chunkOf('/w/src/cards/view.tsx')).toBe('cards');
    expect(chunkOf('/w/node_modules/lib/index.js')).toBe('cards-shared');
    // The apps' modules and the page's root stay where they were.
    expect(chunkOf('/w/src/shared.ts')).toBe('app');
    expect(chunkOf('/w/src/cards/page.tsx')).toBeNull();
    // The shared part is taken before the page's own (a group takes what its modules import along).
    const priority = (name: string) =>
      groups.find((group) => group.name(name === 'cards' ? '/w/src/cards/view.tsx' : '/w/node_modules/lib/index.js', files))?.priority;
    expect(priority('cards-shared')).toBeGreaterThan(priority('cards') ?? Number.POSITIVE_INFINITY);
  });
});
