import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export type ServerProcess = {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Kills it with SIGKILL if it is still running (for `finally`). */
  kill(): void;
};

/**
 * The real server (`apps/server/src/main.ts`) as a child process on an in-memory database, for tests of what only a
 * process shows: signals, start-up, what it sends out. `env` adds to or overrides the defaults.
 */
export function startServerProcess(env: Record<string, string> = {}): ServerProcess {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      DEMO_DATA: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
