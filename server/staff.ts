// `npm run staff -- add <email> [--role owner|staff]`: makes the shop's first owner (or a staff member) on the
// server itself, where no one is signed in yet. The account is made when there is none; without a password it is
// mailed a code to set one (the "forgot password" form takes it). On the embedded database, stop the server first:
// its data folder is locked to one process.
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from './config';
import { openDb } from './db/client';
import { runCommand } from './lib/command';
import { prepareDatabase } from './db/migrate';
import { databaseCounter } from './lib/rateLimitStore';
import { COMMAND_LINE } from './services/backOffice/audit';
import { promoteFromCommandLine, retireDemoAccounts } from './services/backOffice/staff';
import { createMailService, smtpTransport, type MailService } from './services/mail';
import type { CodeDeps } from './lib/codes';
import { normalizeEmail } from './lib/accounts';
import { deleteSecondFactor } from './db/queries/secondFactors';
import { deleteTokensExcept, findUserByEmail } from './db/queries/users';

export const STAFF_USAGE = [
  'Usage: npm run staff -- add <email> [--role owner|staff]   (owner by default)',
  '       npm run staff -- retire-demo   (the demo accounts lose their published passwords; the demo owner becomes a shopper)',
  '       npm run staff -- reset-second-factor <email>   (a lost phone and recovery codes: the app is removed, sessions end)',
].join('\n');

export type StaffCommand =
  { email: string; role: 'owner' | 'staff' } | { retireDemo: true } | { resetSecondFactor: string };

/** The command's arguments, or the reason they are not usable. */
export function parseStaffArgs(argv: readonly string[]): StaffCommand | { error: string } {
  const [verb, email, ...rest] = argv;
  if (verb === 'retire-demo') return email === undefined ? { retireDemo: true } : { error: STAFF_USAGE };
  if (verb === 'reset-second-factor')
    return email && rest.length === 0 ? { resetSecondFactor: email.trim() } : { error: STAFF_USAGE };
  if (verb !== 'add' || !email) return { error: STAFF_USAGE };
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim()))
    return { error: `Not an e-mail address: ${email}` };
  let role: 'owner' | 'staff' = 'owner';
  for (let index = 0; index < rest.length; index += 1) {
    const flag = rest[index];
    const value = flag?.startsWith('--role=')
      ? flag.slice('--role='.length)
      : flag === '--role'
        ? rest[++index]
        : undefined;
    if (value === 'owner' || value === 'staff') role = value;
    else return { error: STAFF_USAGE };
  }
  return { email: email.trim(), role };
}

/**
 * Someone who lost both the phone and the recovery codes: only the server's operator can take the app away. Every
 * session of the account ends with it; the account sets an app up again at its next back office visit (an owner of a
 * real shop must).
 */
async function resetSecondFactor(
  deps: CodeDeps,
  typed: string,
): Promise<{ lines: string[]; exitCode: number }> {
  const user = await findUserByEmail(deps.db, normalizeEmail(typed));
  if (!user) return { lines: [`No account uses ${typed}.`], exitCode: 1 };
  if (!(await deleteSecondFactor(deps.db, user.id)))
    return { lines: [`${user.email} has no authenticator app.`], exitCode: 0 };
  await deleteTokensExcept(deps.db, user.id, undefined);
  return {
    lines: [
      `${user.email} no longer has an authenticator app, and every session of it ended. It sets one up again at its next back office visit.`,
    ],
    exitCode: 0,
  };
}

/** Runs the command against `deps`; answers the lines to print and the exit code. */
export async function runStaffCommand(
  argv: readonly string[],
  deps: CodeDeps,
  options: { mailCode: boolean } = { mailCode: true },
): Promise<{ lines: string[]; exitCode: number }> {
  const command = parseStaffArgs(argv);
  if ('error' in command) return { lines: [command.error], exitCode: 2 };
  if ('retireDemo' in command) {
    const retired = await retireDemoAccounts(deps.db, COMMAND_LINE, deps.config.now());
    return {
      lines:
        retired.length === 0
          ? ['No account signs in with a published demo password.']
          : retired.map((email) => `${email} no longer signs in with its published demo password.`),
      exitCode: 0,
    };
  }
  if ('resetSecondFactor' in command) return resetSecondFactor(deps, command.resetSecondFactor);
  const outcome = await promoteFromCommandLine(deps, COMMAND_LINE, { ...command, ...options });
  const lines = [
    outcome.created
      ? `Made the account ${outcome.user.email} (${command.role}).`
      : outcome.changed
        ? `${outcome.user.email} is ${command.role} now.`
        : `${outcome.user.email} was ${command.role} already.`,
  ];
  if (outcome.mailed)
    lines.push(
      `It has no password yet: a code to set one was mailed to ${outcome.user.email} (enter it in the sign-in form's "Forgot password").`,
    );
  else if (outcome.needsPassword)
    lines.push(
      `It has no password yet: TOKEN_SECRET is not set, so the server could not check a code mailed from here. Open the shop's sign-in form, choose "Forgot password" and enter ${outcome.user.email}: the server mails the code.`,
    );
  return { lines, exitCode: 0 };
}

/** The mail service's log, on the console (a command prints, it does not write JSON lines). */
function consoleLogger(): FastifyBaseLogger {
  const quiet = () => undefined;
  const logger = {
    level: 'info',
    info: quiet,
    debug: quiet,
    trace: quiet,
    warn: (object: unknown, message?: string) => console.warn(message ?? object),
    error: (object: unknown, message?: string) => console.error(message ?? object),
    fatal: (object: unknown, message?: string) => console.error(message ?? object),
    silent: quiet,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

async function main(config: Config): Promise<number> {
  const database = await openDb(config);
  try {
    await prepareDatabase(database.db, { seed: false });
    const mail: MailService = createMailService({
      db: database.db,
      logger: consoleLogger(),
      from: config.mailFrom,
      transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined,
      logCodes: false,
    });
    const { lines, exitCode } = await runStaffCommand(
      process.argv.slice(2),
      { db: database.db, config, mail, limits: databaseCounter(database.db, config.now) },
      // Codes are HMACs under TOKEN_SECRET: without it each process draws its own, and the server could not
      // check a code made here.
      { mailCode: Boolean(process.env.TOKEN_SECRET?.trim()) },
    );
    for (const line of lines) console.log(line);
    return exitCode;
  } finally {
    await database.close();
  }
}

if (require.main === module) runCommand(() => main(loadConfig()));
