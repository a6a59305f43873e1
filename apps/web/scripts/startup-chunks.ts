import path from 'node:path';

/** What the bundler's chunking context tells of a module: its code and the modules it imports statically. */
type ModuleInfo = { code: string | null; importedIds: readonly string[]; exports: readonly string[] };
export type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

/** The names one module takes from another: some, or all of them (a namespace, a side-effect import). */
type Names = Set<string> | 'all';

/** One static `import … from` or `export … from` of a module's code. */
interface Link {
  spec: string;
  /** import: what the module's own code uses; export: what it passes on (exported name → imported name), or `*`. */
  kind: 'import' | 'export';
  names: Names;
  renames?: Map<string, string>;
}

/** The names of an `{ a, b as c }` list, each keyed by the name it takes (a -> a, c -> b). */
const namesOf = (list: string): Map<string, string> => {
  const map = new Map<string, string>();
  for (const part of list.split(',')) {
    const [from, to] = part
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/);
    if (from) map.set(to ?? from, from);
  }
  return map;
};

const FROM = `\\s*from\\s*["']([^"']+)["']`;
const IMPORT = new RegExp(`\\bimport\\s+(?:([\\w$]+)\\s*,?\\s*)?(?:\\{([^}]*)\\}|\\*\\s*as\\s+([\\w$]+))?${FROM}\\s*;?`, 'g');
const SIDE_EFFECT_IMPORT = /\bimport\s*["']([^"']+)["']\s*;?/g;
const EXPORT_STAR = new RegExp(`\\bexport\\s*\\*${FROM}\\s*;?`, 'g');
const EXPORT_STAR_AS = new RegExp(`\\bexport\\s*\\*\\s*as\\s+([\\w$]+)${FROM}\\s*;?`, 'g');
const EXPORT_FROM = new RegExp(`\\bexport\\s*\\{([^}]*)\\}${FROM}\\s*;?`, 'g');
const EXPORT_LOCAL = /\bexport\s*\{([^}]*)\}(?!\s*from)\s*;?/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/**
 * The static imports and re-exports written in `code` (ES module syntax, as the bundler holds it). In a module that
 * only imports and exports (a package's index), an import it exports again counts as a re-export: the names asked
 * of the module decide what is followed, not the import.
 */
export function linksOf(source: string): Link[] {
  const code = source.replace(COMMENTS, '');
  const links: Link[] = [];
  const imports: { spec: string; bindings: Map<string, string> }[] = [];
  for (const m of code.matchAll(IMPORT)) {
    // local name -> the name it has in the other module ('default', or '*' for the whole module)
    const bindings = new Map<string, string>();
    if (m[1]) bindings.set(m[1], 'default');
    for (const [local, imported] of namesOf(m[2] ?? '')) bindings.set(local, imported);
    if (m[3]) bindings.set(m[3], '*');
    imports.push({ spec: m[4], bindings });
  }
  for (const m of code.matchAll(SIDE_EFFECT_IMPORT)) links.push({ spec: m[1], kind: 'import', names: 'all' });
  for (const m of code.matchAll(EXPORT_STAR)) links.push({ spec: m[1], kind: 'export', names: 'all' });
  for (const m of code.matchAll(EXPORT_STAR_AS)) {
    links.push({ spec: m[2], kind: 'export', names: new Set([m[1]]), renames: new Map([[m[1], '*']]) });
  }
  for (const m of code.matchAll(EXPORT_FROM)) {
    const renames = namesOf(m[1]);
    links.push({ spec: m[2], kind: 'export', names: new Set(renames.keys()), renames });
  }
  const rest = [IMPORT, SIDE_EFFECT_IMPORT, EXPORT_STAR, EXPORT_STAR_AS, EXPORT_FROM, EXPORT_LOCAL].reduce(
    (text, pattern) => text.replace(pattern, ''),
    code,
  );
  // A module of imports alone (a page script) runs for what they do: it is no index.
  if (rest.trim() || !code.match(EXPORT_LOCAL)) {
    for (const { spec, bindings } of imports) {
      const names = [...bindings.values()];
      links.push({ spec, kind: 'import', names: names.includes('*') ? 'all' : new Set(names) });
    }
    return links;
  }
  // A pure index: `import { a as b } from './x'; export { b as c }` passes `c` on as `a` of ./x.
  const exportsOf = new Map<string, string[]>(); // local name -> the names it is exported as
  for (const m of code.matchAll(EXPORT_LOCAL)) {
    for (const [name, local] of namesOf(m[1])) exportsOf.set(local, [...(exportsOf.get(local) ?? []), name]);
  }
  for (const { spec, bindings } of imports) {
    const renames = new Map<string, string>();
    for (const [local, imported] of bindings) for (const name of exportsOf.get(local) ?? []) renames.set(name, imported);
    if (renames.size) links.push({ spec, kind: 'export', names: new Set(renames.keys()), renames });
  }
  return links;
}

/** Whether `spec`, written in `importer`, names the module `id` (how well: the longer the match, the better). */
function matchLength(spec: string, importer: string, id: string): number {
  const file = id.split('?')[0];
  if (spec.startsWith('.')) {
    const target = path.resolve(path.dirname(importer), spec);
    const stem = target.replace(/\.[cm]?[jt]sx?$/, '');
    const hit = file === target || file.startsWith(`${stem}.`) || file.startsWith(`${target}/index.`);
    return hit ? spec.length : 0;
  }
  const parts = spec.split('/');
  const pkg = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const sub = parts.slice(pkg.split('/').length).join('/');
  if (!file.includes(`/node_modules/${pkg}/`)) return 0;
  return !sub || file.includes(`/${sub}/`) || file.includes(`/${sub}.`) ? spec.length : 0;
}

const union = (a: Names | undefined, b: Names): Names => {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...(a ?? []), ...b]);
};

/**
 * The modules `roots` need, following each static import and re-export for the names it carries: a package's index
 * that re-exports a hundred components leads only to the ones imported from it. A module whose own code is needed
 * has all its imports followed; one asked only for names it passes on leads only to where those come from. Where the
 * code cannot be read the guess is the larger one. Whatever chunk a module lands in, the bundler keeps the app
 * correct: a wrong guess costs a download, never a bug.
 */
export function startupClosure(roots: readonly string[], ctx: ChunkingContext): Set<string> {
  const wanted = new Map<string, Names>();
  // Modules whose own code is needed (not only names they pass on from others): their imports are followed.
  const ownFollowed = new Set<string>();
  const queue: [string, Names][] = roots.map((root) => [root, 'all']);
  while (queue.length) {
    const [id, names] = queue.pop() as [string, Names];
    const before = wanted.get(id);
    const after = union(before, names);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    wanted.set(id, after);
    // What is asked for the first time; names asked before were followed then.
    const asked: Names = before === undefined || after === 'all' ? after : new Set([...after].filter((n) => !before.has(n)));
    if (before === 'all' || (asked !== 'all' && !asked.size)) continue;
    const links = info.code === null ? [] : linksOf(info.code);
    const passedOn = new Set(links.flatMap((link) => (link.kind === 'export' && link.names !== 'all' ? [...link.names] : [])));
    const starDeps = info.importedIds.filter((dep) =>
      links.some((link) => link.kind === 'export' && link.names === 'all' && matchLength(link.spec, id, dep)),
    );
    const fromStars = new Set(starDeps.flatMap((dep) => ctx.getModuleInfo(dep)?.exports ?? []));
    const ownNeeded = asked === 'all' || [...asked].some((n) => !passedOn.has(n) && !fromStars.has(n));
    const followOwn = ownNeeded && !ownFollowed.has(id);
    if (followOwn) ownFollowed.add(id);
    const matched = new Set<string>();
    for (const dep of info.importedIds) {
      let best = 0;
      let carried: Names | undefined;
      for (const link of links) {
        const length = matchLength(link.spec, id, dep);
        if (!length || length < best) continue;
        if (length > best) carried = undefined;
        best = length;
        let passes: Names | undefined;
        if (link.kind === 'import') passes = followOwn ? link.names : undefined;
        else if (link.names === 'all') {
          // `export * from`: the names asked that the other module has.
          const theirs = ctx.getModuleInfo(dep)?.exports ?? [];
          passes = asked === 'all' ? 'all' : new Set(theirs.filter((n) => asked.has(n)));
        } else {
          const picked = [...link.names].filter((n) => asked === 'all' || asked.has(n));
          passes = picked.some((n) => link.renames?.get(n) === '*') ? 'all' : new Set(picked.map((n) => link.renames?.get(n) ?? n));
        }
        if (passes !== undefined) carried = union(carried, passes);
      }
      if (best) matched.add(dep);
      if (carried !== undefined && (carried === 'all' || carried.size)) queue.push([dep, carried]);
    }
    // An import the code does not show (written by a plugin, say) is followed whole.
    if (followOwn) for (const dep of info.importedIds) if (!matched.has(dep)) queue.push([dep, 'all']);
  }
  return new Set(wanted.keys());
}

/** The start-up code of one app: the modules it opens with, and the modules they need. */
export interface StartupApp {
  name: string;
  roots: readonly string[];
}

/**
 * Issue 28: the code each app needs to start, in a few chunks instead of dozens. Left to itself the bundler cuts
 * the signed-in app's start-up code into about ninety small files (one for each set of pages that share a module),
 * and a phone on a weak signal pays a round trip for every few of them. These groups put what the apps share in
 * `common` and the rest of each app's start-up code in one chunk per app; each root stays a chunk of its own (its
 * name in the build manifest is what the server preloads by), and the page script's own imports are `boot`. The
 * first code of each of `pages` (beyond the apps') is two chunks more. Code only later pages use is left to the
 * bundler, page by page, as before.
 */
export function startupChunkGroups(webRoot: string, entry: string, apps: readonly StartupApp[], pages: readonly StartupApp[] = []) {
  const at = (file: string) => path.join(webRoot, file);
  type Named = StartupApp & { modules: Set<string> };
  let sets: { entry: Set<string>; roots: Set<string>; apps: Named[]; pages: Named[] } | null = null;
  const setsOf = (ctx: ChunkingContext) => {
    sets ??= {
      entry: startupClosure([at(entry)], ctx),
      roots: new Set([...apps, ...pages].flatMap((app) => app.roots.map(at))),
      apps: apps.map((app) => ({ ...app, modules: startupClosure(app.roots.map(at), ctx) })),
      pages: pages.map((page) => ({ ...page, modules: startupClosure(page.roots.map(at), ctx) })),
    };
    return sets;
  };
  /** The apps whose start-up code holds `id`, unless the entry or a root is where it belongs. */
  const usersOf = (id: string, ctx: ChunkingContext) => {
    const { entry: inEntry, roots, apps: all } = setsOf(ctx);
    if (inEntry.has(id) || roots.has(id)) return [];
    return all.filter((app) => app.modules.has(id)).map((app) => app.name);
  };
  /**
   * The chunk of `id` when one page's first code holds it and no app's start-up code does: the page's name for its
   * own folder's modules, `<name>-shared` for the rest (library parts other pages use too, which then fetch only
   * those). Null for an app's module, one several pages hold, or one no page holds.
   */
  const pageOf = (id: string, ctx: ChunkingContext) => {
    const { entry: inEntry, roots, apps: all, pages: named } = setsOf(ctx);
    if (inEntry.has(id) || roots.has(id) || all.some((app) => app.modules.has(id))) return null;
    const holders = named.filter((page) => page.modules.has(id));
    if (holders.length !== 1) return null;
    const [page] = holders;
    const own = page.roots.some((root) => id.startsWith(`${path.dirname(at(root))}${path.sep}`));
    return own ? { own: page.name } : { shared: `${page.name}-shared` };
  };
  return [
    // The page script's own imports in a small chunk of their own. Left to the bundler they joined `common`, which
    // holds React: the page script (and the first reads it asks) then waited for that download first.
    {
      debugName: 'boot',
      name: (id: string, ctx: ChunkingContext) => (id !== at(entry) && setsOf(ctx).entry.has(id) ? 'boot' : null),
      priority: 3,
    },
    {
      debugName: 'common',
      name: (id: string, ctx: ChunkingContext) => (usersOf(id, ctx).length > 1 ? 'common' : null),
      priority: 2,
    },
    {
      debugName: 'one app',
      name: (id: string, ctx: ChunkingContext) => {
        const users = usersOf(id, ctx);
        return users.length === 1 ? users[0] : null;
      },
      priority: 1,
    },
    // A page opened often on a phone (the time card) has the rest of its first code in two chunks beside its own
    // (its folder's, and the library parts it shares with later pages) instead of the dozen small ones the bundler
    // cuts it into (table parts, an icon, a hook): over HTTP/1.1 each took one of the browser's six connections for
    // a round trip.
    // (The shared part is taken first: a group takes the modules its modules import along with them.)
    { debugName: 'page shared', name: (id: string, ctx: ChunkingContext) => pageOf(id, ctx)?.shared ?? null, priority: 0.5 },
    { debugName: 'page own', name: (id: string, ctx: ChunkingContext) => pageOf(id, ctx)?.own ?? null, priority: 0 },
  ];
}
