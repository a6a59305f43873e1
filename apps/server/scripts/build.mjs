// `npm run build -w apps/server`: compiles the server (src/main.ts and what it imports, @groundwork/core's TypeScript
// included) into dist/ as ES modules for Node 20 with source maps; `npm start` runs dist/main.js with
// --enable-source-maps. The packages from node_modules are bundled in too, but for those that load native code,
// WebAssembly or files beside their own modules (EXTERNAL, loaded from node_modules at run time): Node 20 resolving and
// compiling some 2,000 ES and CommonJS modules one by one took 2.9 s of a 4.9 s restart, one bundle 1.5 s (restart
// 3.6 s). Code reached only by `import()` (the model's SDK, Stripe, QuickBooks, SMTP, push, PDFs, Redis) is split
// into chunks loaded when first used. The files the server reads next to its modules at run time are copied beside
// the bundle: the migrations (their SQL and
// meta/_journal.json; db/migrate.ts reads `migrations/` beside itself) and identity/common-passwords.txt.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const server = path.dirname(import.meta.dirname);
const src = path.join(server, 'src');
// SERVER_DIST: another folder for the build (the crash soak's own, bench/soak-kill.ts), inside the repository so the
// packages resolve from its node_modules; the web app's default path (config.ts) holds only from apps/server/dist.
const dist = process.env.SERVER_DIST ? path.resolve(process.env.SERVER_DIST) : path.join(server, 'dist');
const core = path.join(server, '../../packages/core/src');
/**
 * Left to node_modules: native addons, WebAssembly and packages that read their own files (fonts, data) at run time;
 * pg, so OpenTelemetry's instrumentation sees it load (main.ts starts tracing before serve.ts's chunk imports it); and
 * packages that `import()` a CommonJS module for its named exports, which a split bundle would hand over as a default
 * export only (@fastify/cookie's `cookie`, the AWS SDK's S3 client, the model SDK's OIDC token helpers). The test
 * `build.test.ts` checks that no chunk the bundle loads by `import()` is such a CommonJS module.
 */
const EXTERNAL = [
  'pg',
  '@fastify/cookie',
  '@aws-sdk/*',
  '@vercel/oidc',
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'heic-decode',
  'libheif-js',
  'pdfmake',
  'pg-native',
  '@opentelemetry/*',
];

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(src, 'main.ts')],
  outdir: dist,
  bundle: true,
  // Chunks keep main.ts's order: tracing is set up before serve.ts's chunk (and the HTTP server and database
  // driver it imports) is loaded. They sit beside main.js, at src/'s depth, so the paths the code builds from
  // import.meta.dirname (the web app's dist in config.ts, the files copied below) hold in both.
  splitting: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() (Node's built-ins).
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // The workspace's TypeScript package is compiled in, not left to Node (aliases apply before `packages`).
  alias: { '@groundwork/core': core },
  // Stack traces name src/'s files and lines; the maps point at the sources rather than carrying them.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});

const migrations = path.join(src, 'db/migrations');
mkdirSync(path.join(dist, 'migrations/meta'), { recursive: true });
for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
  copyFileSync(path.join(migrations, file), path.join(dist, 'migrations', file));
}
copyFileSync(path.join(migrations, 'meta/_journal.json'), path.join(dist, 'migrations/meta/_journal.json'));
copyFileSync(path.join(src, 'identity/common-passwords.txt'), path.join(dist, 'common-passwords.txt'));
