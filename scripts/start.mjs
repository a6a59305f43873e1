// `npm start`: builds what is missing or older than its sources (the web app, the compiled server), then serves the
// web app with the API on the embedded database, running the compiled JavaScript (apps/server/dist, with source
// maps). PORT, HOST, DATA_DIR and the rest pass through.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);

const newest = (entry) =>
  statSync(entry).isDirectory()
    ? readdirSync(entry).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), 0)
    : statSync(entry).mtimeMs;

const core = at('packages/core/src');
const builds = [
  {
    name: 'the web app',
    workspace: 'apps/web',
    built: at('apps/web/dist/index.html'),
    sources: [at('apps/web/src'), at('apps/web/public'), core],
  },
  {
    name: 'the server',
    workspace: 'apps/server',
    built: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/scripts'), core],
  },
];
for (const { name, workspace, built, sources } of builds) {
  if (existsSync(built) && Math.max(...sources.map(newest)) <= statSync(built).mtimeMs) continue;
  console.log(`Building ${name}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
// Whoever stops `npm start` stops the server too, which then closes the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
