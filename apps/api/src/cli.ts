import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { can, clinicCodeSchema, emailSchema, roleSchema } from '@rehabit/contract';
import { runBackup } from './backup/backup.ts';
import { BackupRefusal } from './backup/manifest.ts';
import { runRestore } from './backup/restore.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createApplicationRole, grantApplicationRole, roleOf } from './db/roles.ts';
import { clinicScope, crossClinic } from './db/scope.ts';
import { reportableError } from './lib/log-errors.ts';
import { hashPassword, passwordWeakness } from './lib/passwords.ts';
import { generatePushKeys } from './lib/push.ts';
import { dataFor } from './modules/data-access.ts';
import { importIcd10, parseIcd10File } from './modules/patients/icd10.repository.ts';
import { demoVideoOptions, seedDemo } from './seed/demo.ts';

const usage = `Usage: npm run cli -- <command> [options]

  migrate                                   apply the database migrations
  setup-database --app-role ROLE            (the role's password, if any, from APP_ROLE_PASSWORD)
                                            PostgreSQL: migrate as the tables' owner (DATABASE_MIGRATION_URL,
                                            else DATABASE_URL), create the server's login role if missing, and let
                                            it read and change data but only read and append the audit log
  seed                                      create the demo clinics and accounts (idempotent)
  create-clinic --code CODE --name NAME [--timezone TZ]
                [--supervisor-email EMAIL --supervisor-password PASSWORD]
  create-user   --clinic CODE --email EMAIL --password PASSWORD --role ROLE
                --first-name NAME --last-name NAME
  reset-password --email EMAIL --password PASSWORD
  generate-push-keys                        print a new key pair for push reminders (VAPID_PUBLIC_KEY and
                                            VAPID_PRIVATE_KEY lines) to put in the server's environment
  backup DIR                                back up into a new directory: the database from one snapshot (pg_dump,
                                            or the embedded database with the server stopped), every video file and
                                            poster, and manifest.json with their checksums and each table's rows
  restore DIR                               restore a backup into an empty database and empty video storage only,
                                            checking every checksum before and after (docs/operations.md)
  import-icd10  --file PATH                 import every billable code of an official CMS ICD-10-CM release
                                            (icd10cm_codes_YYYY.txt or icd10cm_order_YYYY.txt) or a code<TAB>description file

The database is DATABASE_URL, or the embedded one under DATA_DIR.`;

const options = {
  code: { type: 'string' },
  name: { type: 'string' },
  timezone: { type: 'string' },
  'supervisor-email': { type: 'string' },
  'supervisor-password': { type: 'string' },
  clinic: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  file: { type: 'string' },
  'app-role': { type: 'string' },
  help: { type: 'boolean' },
} as const;

class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

async function strongHash(password: string, personal: string[]) {
  const weakness = passwordWeakness(password, personal);
  if (weakness) throw new UsageError(`--password: ${weakness}`);
  return hashPassword(password);
}

async function main() {
  const { positionals, values } = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
  const command = positionals[0];
  if (!command || values.help) {
    console.log(usage);
    return;
  }
  if (command === 'generate-push-keys') {
    // To standard output only, for the operator to put in the environment; nothing is stored nor logged.
    const keys = generatePushKeys();
    console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
    return;
  }
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    // Neither migrates: a backup changes nothing, and a restore needs the database as empty as it was made.
    const dir = positionals[1];
    if (!dir) throw new UsageError(`${command} needs a directory: npm run cli -- ${command} DIR`);
    await (command === 'backup' ? runBackup : runRestore)(config, dir, (line) => console.log(line));
    return;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(database, config);
    const db = database.db;
    // The command line is the platform's operator: it names any clinic by its code (decision 1340).
    const data = dataFor(db, crossClinic('platform admin'));
    const clinics = data.clinics;
    switch (command) {
      case 'migrate':
        console.log('Migrations applied.');
        break;
      case 'setup-database': {
        if (database.kind !== 'postgres') throw new UsageError('setup-database is for PostgreSQL (set DATABASE_URL)');
        const role = required(values, 'app-role');
        const ownerUrl = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL!;
        if (role === roleOf(ownerUrl)) throw new UsageError('--app-role must differ from the owner of the tables');
        const owner = config.DATABASE_MIGRATION_URL
          ? await openDatabase({ databaseUrl: config.DATABASE_MIGRATION_URL })
          : database;
        try {
          // From the environment, never the command line: arguments show in process lists and shell history.
          const password = process.env.APP_ROLE_PASSWORD || undefined;
          const created = await createApplicationRole(owner.db, role, password);
          await grantApplicationRole(owner.db, role);
          const appUrl = new URL(ownerUrl);
          appUrl.username = role;
          appUrl.password = password ? '<APP_ROLE_PASSWORD>' : '';
          console.log(
            `${created ? 'Role created' : 'Role existed'}: ${role} may read and change data, and only read and append the audit log.\n` +
              `Run the server with DATABASE_URL=${appUrl.href.replace(encodeURIComponent('<APP_ROLE_PASSWORD>'), '<APP_ROLE_PASSWORD>')} and DATABASE_MIGRATION_URL set to the owner's address.`,
          );
        } finally {
          if (owner !== database) await owner.close();
        }
        break;
      }
      case 'seed':
        console.log(
          (await seedDemo(db, { restrictedCode: config.RESTRICTED_CLINIC_CODE, videos: demoVideoOptions(config) }))
            ? 'Demo data created.'
            : 'Demo data already present.',
        );
        break;
      case 'create-clinic': {
        const code = clinicCodeSchema.parse(required(values, 'code'));
        if (await clinics.findByCode(code)) throw new UsageError(`A clinic with code ${code} exists already`);
        const clinic = await clinics.insert({
          code,
          name: required(values, 'name'),
          timezone: values.timezone ?? 'America/New_York',
        });
        if (values['supervisor-email']) {
          const email = emailSchema.parse(values['supervisor-email']);
          const own = data.within(clinicScope(clinic.id));
          const supervisorId = await own.users.insert({
            email,
            passwordHash: await strongHash(required(values, 'supervisor-password'), [code]),
            firstName: 'Clinic',
            lastName: 'Supervisor',
            role: 'supervisor',
            approvalStatus: 'approved',
          });
          await own.clinics.setSupervisor(supervisorId);
        }
        console.log(`Clinic ${code} created (id ${clinic.id}).`);
        break;
      }
      case 'create-user': {
        const clinic = await clinics.findByCode(clinicCodeSchema.parse(required(values, 'clinic')));
        if (!clinic) throw new UsageError('No clinic has this code');
        const email = emailSchema.parse(required(values, 'email'));
        const role = roleSchema.parse(required(values, 'role'));
        const firstName = required(values, 'first-name');
        const lastName = required(values, 'last-name');
        const own = data.within(clinicScope(clinic.id));
        const id = await own.users.insert({
          email,
          passwordHash: await strongHash(required(values, 'password'), [firstName, lastName]),
          firstName,
          lastName,
          role,
          approvalStatus: 'approved',
        });
        // A supervisor is the one their clinic points at (decision 0003).
        if (can(role, 'clinic.supervise')) await own.clinics.setSupervisor(id);
        console.log(`User ${email} created (id ${id}).`);
        break;
      }
      case 'reset-password': {
        // The account is named by its e-mail, as at sign-in, before its clinic is known (decision 1340).
        const user = await data
          .within(crossClinic('sign-in'))
          .users.findByEmail(emailSchema.parse(required(values, 'email')));
        if (!user) throw new UsageError('No user has this e-mail');
        const passwordHash = await strongHash(required(values, 'password'), [user.firstName, user.lastName]);
        const own = data.within(clinicScope(user.clinicId));
        await own.users.update(user.id, {
          passwordHash,
          passwordChangedAt: new Date(),
        });
        await own.sessions.revokeAllForUser(user.id, new Date());
        console.log(`Password of ${user.email} changed; their sessions were ended.`);
        break;
      }
      case 'import-icd10': {
        const rows = parseIcd10File(readFileSync(required(values, 'file'), 'utf8'));
        if (rows.length === 0) throw new UsageError('No ICD-10 codes found in this file');
        console.log(`${await importIcd10(db, rows)} ICD-10-CM codes imported.`);
        break;
      }
      default:
        throw new UsageError(`Unknown command ${command}\n\n${usage}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  // Never the raw error: a failed statement carries its values (e-mails, password hashes).
  const message =
    err instanceof UsageError || err instanceof BackupRefusal
      ? err.message
      : err?.issues
        ? err.issues[0]?.message
        : String(reportableError(err));
  console.error(message);
  process.exit(1);
});
