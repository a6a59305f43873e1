import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { prepareDatabase } from '../db/migrate.js';
import { type AccountFlags, createAccountFlags } from './account-flags.js';
import { IdentityError } from './errors.js';

export const ACCOUNT_CLI_USAGE = `Usage: npx tsx apps/server/src/identity/account-cli.ts <command> <email or phone>

Commands:
  require-password-reset   end the person's sessions; sign-in then asks for a reset by code (RESET_PASSWORD)
  require-mfa              the account must have a second factor; sign-in sets up an authenticator app if none is on
  allow-no-mfa             the account may turn its second factors off again

Uses the server's configuration (DATABASE_URL, or DATA_DIR with the server stopped: PGlite allows one process).`;

const COMMANDS = ['require-password-reset', 'require-mfa', 'allow-no-mfa'];
const validArgs = (args: string[]) => args.length === 2 && COMMANDS.includes(args[0]) && args[1].trim() !== '';

/** Runs one operator command; returns what to print. Throws IdentityError for an unknown account. */
export async function runAccountCommand(args: string[], flags: AccountFlags): Promise<string> {
  if (!validArgs(args)) throw new UsageError();
  const [command, username] = args;
  const ref = { username };
  switch (command) {
    case 'require-password-reset':
      await flags.requirePasswordReset(ref);
      return `${username}: a password reset is required; every session has ended.`;
    case 'require-mfa':
      await flags.setMfaRequired(ref, true);
      return `${username}: a second factor is required.`;
    case 'allow-no-mfa':
      await flags.setMfaRequired(ref, false);
      return `${username}: a second factor is no longer required.`;
    default:
      throw new UsageError();
  }
}

export class UsageError extends Error {
  constructor() {
    super(ACCOUNT_CLI_USAGE);
  }
}

async function main() {
  if (!validArgs(process.argv.slice(2))) throw new UsageError();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config.migrationDatabaseUrl);
    console.log(
      await runAccountCommand(
        process.argv.slice(2),
        createAccountFlags(database.db, () => new Date()),
      ),
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof UsageError || err instanceof ConfigError || err instanceof IdentityError ? err.message : err);
    process.exit(1);
  });
}
