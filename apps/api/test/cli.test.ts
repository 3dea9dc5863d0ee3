import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { clinicScope, crossClinic } from '../src/db/scope.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { createUsersRepository } from '../src/modules/auth/users.repository.ts';
import { createClinicsRepository } from '../src/modules/clinics/clinics.repository.ts';

const run = promisify(execFile);
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('command line', () => {
  it('creates a clinic with its supervisor, a user, and resets a password on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rehabit-cli-'));
    const cli = (...args: string[]) =>
      run('npx', ['tsx', 'src/cli.ts', ...args], {
        cwd: apiRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });

    await cli(
      'create-clinic',
      '--code',
      'cli001',
      '--name',
      'Harbor PT',
      '--supervisor-email',
      'boss@example.test',
      '--supervisor-password',
      'sturdy-oak-leaf-5',
    );
    await cli(
      'create-user',
      '--clinic',
      'CLI001',
      '--email',
      'Tia@Example.test',
      '--password',
      'sturdy-oak-leaf-6',
      '--role',
      'manager',
      '--first-name',
      'Tia',
      '--last-name',
      'Test',
    );
    await cli('reset-password', '--email', 'tia@example.test', '--password', 'brand-new-river-7');
    await expect(cli('reset-password', '--email', 'tia@example.test', '--password', 'password')).rejects.toMatchObject({
      stderr: expect.stringContaining('too common'),
    });

    const database = await openDatabase({ dataDir });
    try {
      const clinic = await createClinicsRepository(database.db, crossClinic('platform admin')).findByCode('CLI001');
      expect(clinic?.name).toBe('Harbor PT');
      const users = createUsersRepository(database.db, clinicScope(clinic!.id));
      const supervisor = await users.findByEmail('boss@example.test');
      expect(supervisor).toMatchObject({ role: 'supervisor', approvalStatus: 'approved' });
      expect(clinic?.supervisorUserId).toBe(supervisor?.id);
      const manager = await users.findByEmail('tia@example.test');
      expect(manager?.role).toBe('manager');
      expect(await verifyPassword(manager!.passwordHash, 'brand-new-river-7')).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);
});
