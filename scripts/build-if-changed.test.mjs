// The start-up build skip of build-if-changed.mjs: a build is made when its sources or settings changed, or its
// output is gone, and only then.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildIfChanged, filesOf, sourceHash, targets } from './build-if-changed.mjs';

let base;
let builds;
const target = {
  name: 'test app',
  inputs: ['app', 'lock.json'],
  env: (env) => ({ VITE_API_URL: env.VITE_API_URL }),
  outDir: 'app/dist',
  check: 'index.html',
  build: ['build', []],
};
// A build that writes its output, as vite or esbuild would.
const run = () => {
  builds += 1;
  mkdirSync(join(base, 'app', 'dist'), { recursive: true });
  writeFileSync(join(base, 'app', 'dist', 'index.html'), `build ${builds}`);
};
const start = (env = {}) => buildIfChanged(target, { base, env, run, log: () => {} });

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'rehabit-build-skip-'));
  builds = 0;
  mkdirSync(join(base, 'app', 'src'), { recursive: true });
  mkdirSync(join(base, 'app', 'node_modules'), { recursive: true });
  writeFileSync(join(base, 'app', 'src', 'main.ts'), 'one');
  writeFileSync(join(base, 'lock.json'), '{}');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('buildIfChanged', () => {
  it('builds at the first start and skips the build at the next while nothing changed', () => {
    assert.equal(start(), true);
    assert.equal(start(), false);
    assert.equal(builds, 1);
  });

  it('builds again when a source, a new file or the lockfile changed', () => {
    start();
    writeFileSync(join(base, 'app', 'src', 'main.ts'), 'two');
    assert.equal(start(), true);
    writeFileSync(join(base, 'app', 'src', 'extra.ts'), 'new');
    assert.equal(start(), true);
    writeFileSync(join(base, 'lock.json'), '{"changed":true}');
    assert.equal(start(), true);
    assert.equal(start(), false);
  });

  it('builds again when a build-time setting changed', () => {
    start({ VITE_API_URL: 'https://a.example' });
    assert.equal(start({ VITE_API_URL: 'https://a.example' }), false);
    assert.equal(start({ VITE_API_URL: 'https://b.example' }), true);
  });

  it('builds again when the output is gone', () => {
    start();
    rmSync(join(base, 'app', 'dist'), { recursive: true });
    assert.equal(start(), true);
  });

  it('ignores its own output and installed packages', () => {
    start();
    writeFileSync(join(base, 'app', 'node_modules', 'x.js'), 'installed');
    writeFileSync(join(base, 'app', 'dist', 'more.js'), 'output');
    assert.equal(start(), false);
  });

  it('keeps no record of a build that failed, so the next start builds', () => {
    const failing = () => {
      throw new Error('build failed');
    };
    start();
    writeFileSync(join(base, 'app', 'src', 'main.ts'), 'two');
    assert.throws(() => buildIfChanged(target, { base, env: {}, run: failing, log: () => {} }));
    assert.equal(start(), true);
    assert.equal(builds, 2);
  });
});

describe('a build that stops half-way', () => {
  it('leaves no stamp of the sources it replaced, so going back to them builds again', () => {
    start();
    writeFileSync(join(base, 'app', 'src', 'main.ts'), 'two');
    // The output is replaced, then the build dies before it records its sources.
    const dying = () => {
      run();
      throw new Error('killed');
    };
    assert.throws(() => buildIfChanged(target, { base, env: {}, run: dying, log: () => {} }));
    writeFileSync(join(base, 'app', 'src', 'main.ts'), 'one');
    assert.equal(start(), true);
  });
});

describe('targets', () => {
  it('hash the web build with its VITE_ settings only, and the server without settings', () => {
    assert.deepEqual(targets.web.env({ VITE_API_URL: 'x', DATABASE_URL: 'y' }), { VITE_API_URL: 'x' });
    assert.deepEqual(targets.api.env({ VITE_API_URL: 'x' }), {});
  });

  it('find files under a folder, or a single file, and nothing for a missing path', () => {
    assert.deepEqual(filesOf(base, 'app').sort(), [join('app', 'src', 'main.ts')]);
    assert.deepEqual(filesOf(base, 'lock.json'), ['lock.json']);
    assert.deepEqual(filesOf(base, 'missing'), []);
    assert.equal(sourceHash(base, ['app']), sourceHash(base, ['app', 'missing']));
  });
});
