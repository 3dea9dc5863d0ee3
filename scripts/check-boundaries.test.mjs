// The layering rules of check-boundaries.mjs, each shown to refuse what it forbids and let through what it allows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brokenRules, importsOf, moduleCycles } from './check-boundaries.mjs';

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

  it('refuses a web feature importing another feature, and allows its own files and shared code', () => {
    assert.deepEqual(brokenRules(video, 'apps/web/src/features/patients/api/get-patient.ts'), [
      "feature 'videos' must not import feature 'patients'",
    ]);
    assert.deepEqual(brokenRules(video, 'apps/web/src/features/videos/api/get-videos.ts'), []);
    assert.deepEqual(brokenRules(video, 'apps/web/src/lib/api-client.ts'), []);
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
    assert.deepEqual(brokenRules('apps/api/src/modules/chat/chat.repository.ts', 'drizzle-orm'), []);
    // Tests set up rows directly, and the shared layers below the modules hold the database's own code.
    assert.deepEqual(brokenRules('apps/api/src/modules/chat/chat.test.ts', 'drizzle-orm'), []);
    assert.deepEqual(brokenRules('apps/api/src/db/visibility.ts', 'drizzle-orm'), []);
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
