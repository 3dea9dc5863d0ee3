// docs/architecture.md against the tree: it names every folder of the API and of the web's features, so a new area
// cannot land without a line saying what it holds, and every repository path it names exists, so a moved or removed
// file does not leave the document pointing at nothing.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const document = 'docs/architecture.md';

/** The folders the document must name, each listed with its subfolders. */
const listedFolders = ['apps/api/src', 'apps/api/src/modules', 'apps/web/src', 'apps/web/src/features'];

/** Where a repository path starts: the document writes every path it names from the repository root. */
const repositoryRoots = ['apps/', 'packages/', 'scripts/', 'docs/', 'bench/'];

/** The subfolders of `folder` (a path from the repository root), as paths from the root with no trailing slash. */
const foldersIn = (folder) =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => `${folder}/${entry.name}`)
    .sort();

/**
 * Every repository path the text names in backticks, as written: one word with a `/`, starting at a repository root.
 * Fenced blocks are sketches, not names, and a placeholder such as `<area>` names no one file.
 */
const namedPaths = (text) =>
  [...text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)]
    .map(([, span]) => span)
    .filter((span) => repositoryRoots.some((start) => span.startsWith(start)) && !/[\s<>*{}]/.test(span));

/** Fails with every problem on a line of its own. */
const noProblems = (problems) => assert.equal(problems.length, 0, `\n${problems.join('\n')}`);

describe('namedPaths', () => {
  it('keeps backticked repository paths and leaves out routes, placeholders, commands and fenced blocks', () => {
    const text = [
      'See `apps/web/src/lib/` and `scripts/check-boundaries.mjs`; `packages/contract/src/<area>.ts` is a pattern.',
      'Routes such as `/docs` and `GET /dev/outbox`, imports from `@web/`, and `npm run lint` are not paths.',
      '```',
      '`apps/api/src/sketch/`',
      '```',
    ].join('\n');
    assert.deepEqual(namedPaths(text), ['apps/web/src/lib/', 'scripts/check-boundaries.mjs']);
  });
});

describe(document, () => {
  const text = readFileSync(join(root, document), 'utf8');
  const named = new Set(namedPaths(text).map((path) => path.replace(/\/$/, '')));

  for (const folder of listedFolders) {
    it(`names every folder of ${folder}/`, () => {
      const folders = foldersIn(folder);
      assert.ok(folders.length > 0, `${folder}/ holds no folders`);
      noProblems(
        folders
          .filter((path) => !named.has(path))
          .map((path) => `${document} does not name \`${path}/\`: add it, with what it holds`),
      );
    });
  }

  it('names only paths that exist', () => {
    noProblems(
      namedPaths(text)
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `${document} names \`${path}\`, which does not exist`),
    );
  });
});
