// The layering rules of check-boundaries.mjs, each shown to refuse what it forbids and let through what it allows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  brokenRules,
  buildsNoRepositories,
  decidesNoRoles,
  featureEdge,
  importsOf,
  moduleCycles,
  repositoryBuilds,
  roleDecisions,
  roleNamesIn,
} from './check-boundaries.mjs';

describe('importsOf', () => {
  it('resolves relative imports from the file, keeps packages as written, and reads dynamic imports', () => {
    const source = [
      "import { a } from '../../patients/api/get-patient.ts';",
      "import type { B } from '@rehabit/contract';",
      "export { c } from './c.ts';",
      "const page = () => import('../routes/app/patients.tsx');",
      "import './styles.css';",
    ].join('\n');
    assert.deepEqual(importsOf('apps/web/src/features/videos/components/x.tsx', source), [
      'apps/web/src/features/patients/api/get-patient.ts',
      '@rehabit/contract',
      'apps/web/src/features/videos/components/c.ts',
      'apps/web/src/features/videos/routes/app/patients.tsx',
      'apps/web/src/features/videos/components/styles.css',
    ]);
  });
});

describe('brokenRules', () => {
  const video = 'apps/web/src/features/videos/components/library.tsx';

  it('refuses a web feature reaching past another feature’s index, and allows its index, its own files and shared code', () => {
    assert.deepEqual(brokenRules(video, 'apps/web/src/features/patients/api/get-patient.ts'), [
      "feature 'patients' is imported through its index.ts (@web/features/patients), not deeper",
    ]);
    // `@web/features/patients` as importsOf resolves it, and a relative path to the index written out.
    assert.deepEqual(brokenRules(video, 'apps/web/src/features/patients'), []);
    assert.deepEqual(brokenRules(video, 'apps/web/src/features/patients/index.ts'), []);
    assert.deepEqual(brokenRules(video, 'apps/web/src/features/videos/api/get-videos.ts'), []);
    assert.deepEqual(brokenRules(video, 'apps/web/src/lib/api-client.ts'), []);
  });

  it('holds the shared pieces to the index too, and lets the routes of app/ load a screen by its file', () => {
    assert.deepEqual(
      brokenRules('apps/web/src/components/layouts/top-bar.tsx', 'apps/web/src/features/session/auth-store.ts'),
      ["feature 'session' is imported through its index.ts (@web/features/session), not deeper"],
    );
    assert.deepEqual(brokenRules('apps/web/src/components/layouts/top-bar.tsx', 'apps/web/src/features/session'), []);
    assert.deepEqual(
      brokenRules('apps/web/src/app/routes/app/patients.tsx', 'apps/web/src/features/patients/components/list.tsx'),
      [],
    );
  });

  it('refuses lib/ importing any feature, even through its index', () => {
    assert.deepEqual(brokenRules('apps/web/src/lib/socket.ts', 'apps/web/src/features/session'), [
      "lib/ knows no feature: it must not import feature 'session'",
    ]);
    assert.deepEqual(brokenRules('apps/web/src/lib/socket.ts', 'apps/web/src/lib/access-token.ts'), []);
  });

  it('refuses the web importing the API, and the contract importing an app', () => {
    assert.deepEqual(brokenRules(video, 'apps/api/src/db/scope.ts'), ['the web must not import the API']);
    assert.deepEqual(brokenRules('packages/contract/src/patients.ts', 'apps/web/src/config/paths.ts'), [
      'the contract must not import the apps',
    ]);
  });

  it('lets only repositories of the modules query the database', () => {
    const service = 'apps/api/src/modules/chat/chat.service.ts';
    assert.deepEqual(brokenRules(service, 'drizzle-orm'), ['only repositories may query the database']);
    assert.deepEqual(brokenRules(service, 'apps/api/src/db/schema.ts'), ['only repositories may query the database']);
    assert.deepEqual(brokenRules(service, 'apps/api/src/db/prepared.ts'), ['only repositories may query the database']);
    assert.deepEqual(brokenRules('apps/api/src/modules/chat/chat.repository.ts', 'drizzle-orm'), []);
    // Tests set up rows directly, and the shared layers below the modules hold the database's own code.
    assert.deepEqual(brokenRules('apps/api/src/modules/chat/chat.test.ts', 'drizzle-orm'), []);
    assert.deepEqual(brokenRules('apps/api/src/db/visibility.ts', 'drizzle-orm'), []);
  });

  it('holds the whole API to it, not only its modules: elsewhere too only repositories speak SQL', () => {
    const refused = ['only repositories may query the database'];
    for (const file of ['apps/api/src/lib/outbox.ts', 'apps/api/src/http/route.ts', 'apps/api/src/app.ts']) {
      for (const target of ['drizzle-orm', 'drizzle-orm/pg-core', 'apps/api/src/db/schema.ts', 'pg']) {
        assert.deepEqual(brokenRules(file, target), refused, `${file} importing ${target}`);
      }
    }
    assert.deepEqual(brokenRules('apps/api/src/realtime/socket-server.ts', '@electric-sql/pglite'), refused);
    assert.deepEqual(brokenRules('apps/api/src/lib/outbox.repository.ts', 'drizzle-orm'), []);
    assert.deepEqual(brokenRules('apps/api/src/lib/outbox.ts', 'apps/api/src/lib/outbox.repository.ts'), []);
    // The layers that own the database, and the demo data written straight into its tables.
    assert.deepEqual(brokenRules('apps/api/src/db/client.ts', 'pg'), []);
    assert.deepEqual(brokenRules('apps/api/src/jobs/job-queue-sql.ts', 'pg'), []);
    assert.deepEqual(brokenRules('apps/api/src/seed/demo-chat.ts', 'apps/api/src/db/schema.ts'), []);
    // Packages whose names only begin like a driver's are not one.
    assert.deepEqual(brokenRules('apps/api/src/app.ts', 'pg-boss'), []);
    assert.deepEqual(brokenRules('apps/api/src/lib/log-stream.ts', 'pgx-whatever'), []);
  });

  it('refuses a route reaching a repository past its service', () => {
    assert.deepEqual(
      brokenRules(
        'apps/api/src/modules/clinics/clinics.routes.ts',
        'apps/api/src/modules/clinics/clinics.repository.ts',
      ),
      ['routes reach repositories through their service'],
    );
  });
});

describe('moduleCycles', () => {
  it('finds each cycle among modules once, and none in a layered graph', () => {
    const cyclic = new Map([
      ['hep', new Set(['videos', 'patients'])],
      ['videos', new Set(['hep'])],
      ['patients', new Set()],
    ]);
    assert.deepEqual(moduleCycles(cyclic), [['hep', 'videos', 'hep']]);
    const layered = new Map([
      ['hep', new Set(['patients'])],
      ['chat', new Set(['patients'])],
    ]);
    assert.deepEqual(moduleCycles(layered), []);
  });
});

describe('featureEdge', () => {
  it('names the features an import crosses between, through the index or deeper, and no edge inside one or from a test', () => {
    const tasks = 'apps/web/src/features/tasks/api/refresh-work.ts';
    assert.deepEqual(featureEdge(tasks, 'apps/web/src/features/dashboard'), ['tasks', 'dashboard']);
    assert.deepEqual(featureEdge(tasks, 'apps/web/src/features/dashboard/api/keys.ts'), ['tasks', 'dashboard']);
    assert.equal(featureEdge(tasks, 'apps/web/src/features/tasks/api/keys.ts'), null);
    assert.equal(featureEdge('apps/web/src/features/tasks/tasks.test.tsx', 'apps/web/src/features/dashboard'), null);
    assert.equal(featureEdge('apps/web/src/app/routes/app/dashboard.tsx', 'apps/web/src/features/dashboard'), null);
  });

  it('gives edges whose cycle is found and refused, as among the API’s modules', () => {
    const edges = new Map();
    const imports = [
      ['apps/web/src/features/tasks/api/refresh-work.ts', 'apps/web/src/features/dashboard'],
      ['apps/web/src/features/dashboard/components/figures.tsx', 'apps/web/src/features/tasks'],
      ['apps/web/src/features/dashboard/components/figures.tsx', 'apps/web/src/features/session'],
    ];
    for (const [file, target] of imports) {
      const [from, to] = featureEdge(file, target);
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
    assert.deepEqual(moduleCycles(edges), [['tasks', 'dashboard', 'tasks']]);
  });
});

describe('roleDecisions', () => {
  const names = ['admin', 'therapist', 'patient', 'supervisor', 'manager'];
  const compares = "compares a role with a role's name";

  it('reads the role names from the contract', () => {
    const source = "export const roles = ['admin', 'therapist', 'patient'] as const;\nexport const other = ['x'];";
    assert.deepEqual(roleNamesIn(source), ['admin', 'therapist', 'patient']);
  });

  it('finds a role compared with a name either way round, with its line', () => {
    const source = [
      "const scope = actor.role === 'admin' ? 'all' : 'clinic';",
      "if (user?.role !== 'patient') throw refused;",
      "const isSupervisor = 'supervisor' === member.role;",
      'const picks = userRole == `manager`;',
    ].join('\n');
    assert.deepEqual(roleDecisions(source, names), [
      { line: 1, rule: compares },
      { line: 2, rule: compares },
      { line: 3, rule: compares },
      { line: 4, rule: compares },
    ]);
  });

  it('finds a list of role names searched with includes, on one line or several, and a switch on a role', () => {
    const source = [
      "if (['supervisor', 'admin'].includes(actor.role)) return;",
      '(["therapist",',
      '  "manager"] as const).includes(role);',
      'switch (user.role) {',
    ].join('\n');
    assert.deepEqual(roleDecisions(source, names), [
      { line: 1, rule: 'looks a role up in a list of role names' },
      { line: 2, rule: 'looks a role up in a list of role names' },
      { line: 4, rule: 'switches on a role' },
    ]);
  });

  it('lets through the permission table, other values named like roles, and other comparisons of a role', () => {
    const source = [
      "const all = can(actor.role, 'clinics.all');",
      "if (session.kind === 'patient') return;",
      "const kinds = ['patient', 'support'].includes(kind);",
      'if (appRole !== roleOf(url)) grant();',
      "const label = member.role === other.role ? 'same' : 'other';",
    ].join('\n');
    assert.deepEqual(roleDecisions(source, names), []);
  });

  it('holds the sources of the apps and the contract to it, but not tests or the two files that define the rules', () => {
    assert.equal(decidesNoRoles('apps/api/src/modules/tasks/tasks.service.ts'), true);
    assert.equal(decidesNoRoles('apps/web/src/features/tasks/components/tasks-panel.tsx'), true);
    assert.equal(decidesNoRoles('packages/contract/src/balances.ts'), true);
    assert.equal(decidesNoRoles('apps/api/src/modules/tasks/tasks.test.ts'), false);
    assert.equal(decidesNoRoles('apps/web/src/features/tasks/tasks-panel.test.tsx'), false);
    assert.equal(decidesNoRoles('apps/api/test/clinic-scope.test.ts'), false);
    assert.equal(decidesNoRoles('packages/contract/src/permissions.ts'), false);
    assert.equal(decidesNoRoles('packages/contract/src/roles.ts'), false);
  });
});

describe('repositoryBuilds', () => {
  it('finds a repository built by a call, and lets its declaration through', () => {
    const source = [
      'export function createTasksRepository(db: DbOrTx, scope: ClinicScope) {',
      '  return {};',
      '}',
      'const tasks = createTasksRepository(db, scopeOf(actor));',
      'const users = actor.data.users;',
      'await createUsersRepository (tx, scope).findById(1);',
    ].join('\n');
    assert.deepEqual(repositoryBuilds(source), [4, 6]);
  });

  it('holds the API sources to the rule, but not repositories, tests, the data access or the web', () => {
    assert.equal(buildsNoRepositories('apps/api/src/modules/tasks/tasks.service.ts'), true);
    assert.equal(buildsNoRepositories('apps/api/src/cli.ts'), true);
    assert.equal(buildsNoRepositories('apps/api/src/modules/tasks/tasks.repository.ts'), false);
    assert.equal(buildsNoRepositories('apps/api/src/modules/tasks/tasks.test.ts'), false);
    assert.equal(buildsNoRepositories('apps/api/src/modules/data-access.ts'), false);
    assert.equal(buildsNoRepositories('apps/web/src/features/tasks/api/tasks.ts'), false);
  });
});
