// Comments and decision records cite what a reader of the repository can open: the decision records of
// docs/decisions. A section of a document outside the repository, an outside document named at all (product.md,
// design.md, the seed specification, the product decisions), or a record number with no record, sends the reader
// nowhere. The demo data seeder of apps/api/src/seed/ is the project's own and may be named ("the demo seed",
// `npm run seed`, `seed/`, a `seed` variable). Checked over the tracked files of apps/, packages/, scripts/ and
// docs/ (not node_modules, test-results or dist).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = 'scripts/check-citations.test.mjs';
const records = new Set(readdirSync(join(root, 'docs/decisions')).map((name) => name.slice(0, 4)));

/** Tracked files to read: text only (a file holding a NUL byte is binary), this file aside. */
const files = execFileSync('git', ['ls-files', '-z', '--', 'apps', 'packages', 'scripts', 'docs'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((path) => path && path !== self && !/(^|\/)(node_modules|test-results|dist)\//.test(path))
  .filter((path) => existsSync(join(root, path)))
  .map((path) => ({ path, text: readFileSync(join(root, path)) }))
  .filter(({ text }) => !text.includes(0))
  .map(({ path, text }) => ({ path, isDoc: path.startsWith('docs/'), lines: text.toString('utf8').split('\n') }));

/** The section sign, written as an escape so that a search of the tree for it finds citations only. */
const SECTION = '\u00a7';

/** What cites an outside document, in every file: a section sign before a section's number or name, or an outside
 * document named (docs/architecture.md is the repository's own; an architecture.md anywhere else is not). */
const everywhere = [
  {
    pattern: new RegExp(`${SECTION}\\s*[\\p{L}\\p{N}]`, 'u'),
    says: `cites a section (${SECTION}) of a document outside the repository`,
  },
  {
    pattern: /(?<![\w/.-])(?:product|design|architecture)\.md\b/i,
    says: 'names a document outside the repository (only docs/architecture.md is in it)',
  },
  {
    pattern: /\bproduct(?:'s|\u2019s)?[\s-]+(?:decisions|matrix|standards)\b/i,
    says: "cites the product's decisions, a document outside the repository",
  },
  {
    pattern: /\bseed[\s-]+spec/i,
    says: 'cites the specification of the seed, a document outside the repository',
  },
  {
    pattern: /(?<!\bdemo\s+)\bseed(?:'s|\u2019s)(?!\w)/i,
    says: 'cites the seed, a document outside the repository (the demo data is "the demo seed")',
  },
];

/** In decision records and docs/ also: the outside documents by the names the records gave them. */
const inDocs = [
  {
    pattern:
      /\bthe\s+seed\s+(?:says|said|has|keeps|gives|lists|names|asks|leaves|fixes|shows|wants|defines|describes|requires)\b/i,
    says: 'cites the seed, a document outside the repository',
  },
  {
    pattern: /\b(?:from|in)\s+the\s+seed\b(?![-/.\w'\u2019])/i,
    says: 'cites the seed, a document outside the repository',
  },
  { pattern: /\bseed\s+(?:mobile\s+)?rule\b/i, says: "cites the seed's rules, a document outside the repository" },
  {
    pattern: /\bthe\s+(?:spec|specification|brief)\b/i,
    says: 'cites a specification or brief outside the repository',
  },
  {
    pattern: /\bthe\s+design(?:'s|\u2019s|\s+(?:asks|allows|lists|says|wants))(?!\w)/i,
    says: 'cites the design document, a document outside the repository',
  },
];

/** In source files also: a comment labelled with the seed. */
const inSource = [
  {
    pattern: /(?:\/\/|\/\*|^\s*\*).*\bseed\s*:/i,
    says: 'cites the seed, a document outside the repository',
  },
];

/** The problems of one line: what it cites outside the repository. */
const outsideCitationsOf = (line, isDoc) =>
  [...everywhere, ...(isDoc ? inDocs : inSource)].filter(({ pattern }) => pattern.test(line)).map(({ says }) => says);

/** The problems of a line of a record or of docs/, whose prose wraps: a phrase cut by the wrap ("the seed" at the end
 * of one line, "specification" at the start of the next) counts on the line where it starts. */
const outsideCitationsOfProse = (line, next = '') => {
  const own = outsideCitationsOf(line, true);
  const wrapped = outsideCitationsOf(`${line} ${next}`, true).filter(
    (says) => !own.includes(says) && !outsideCitationsOf(next, true).includes(says),
  );
  return [...own, ...wrapped];
};

/** The record numbers a line cites: "decision 0101", "decisions 0800 and 1200", "decisions 0601, 1200 and 1230". */
const citedRecordsOf = (line) =>
  [...line.matchAll(/\bdecisions?\s+(\d{4}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\d{4})*)/gi)].flatMap(
    ([, numbers]) => numbers.match(/\d{4}/g) ?? [],
  );

/** Fails with every problem on a line of its own. */
const noProblems = (problems) => assert.equal(problems.length, 0, `\n${problems.join('\n')}`);

describe('outsideCitationsOf', () => {
  it('finds sections of outside documents, in source and in records', () => {
    for (const line of [
      `/** Dates as MMM D, YYYY (seed ${SECTION}9). */`,
      `// Seed ${SECTION}2/${SECTION}3: the user has opened the file.`,
      `(Product decisions ${SECTION}5)`,
      `the library's default ("Untitled Video", seed ${SECTION}Video defaults)`,
      `floored to whole minutes (${SECTION} 4)`,
    ]) {
      assert.equal(outsideCitationsOf(line, false).length > 0, true, line);
      assert.equal(outsideCitationsOf(line, true).length > 0, true, line);
    }
  });

  it('finds the outside documents named without a section, in source and in records', () => {
    for (const line of [
      "// The patient's own side (Product decisions)",
      ' * as the Seed Spec says',
      '/** The rail of design.md. */',
      'entries follow the permission matrix of product.md: Therapists for supervisors',
      'as architecture.md asks',
      'the seed-spec route list',
      "a network failure also signs out (the seed's rule)",
      'the product matrix',
      "as the product's standards say",
    ]) {
      assert.notDeepEqual(outsideCitationsOf(line, false), [], line);
      assert.notDeepEqual(outsideCitationsOf(line, true), [], line);
    }
  });

  it('finds a comment labelled with the seed in source files', () => {
    for (const line of [
      '/** Seed: page changes scroll smoothly to the top. */',
      '  /* One elevation for cards, one for modals (seed: z-index 100, content 110). */',
    ]) {
      assert.notDeepEqual(outsideCitationsOf(line, false), [], line);
    }
  });

  it('finds the seed, the spec, the brief and the design as records named them', () => {
    for (const line of [
      'Context: the seed says a protected route without a token remembers the wanted path',
      'Context: the seed lists the lifecycle calls and the patient fields',
      'phones (seed mobile rule) cards.',
      'the spec is silent on what the navigation badge counts',
      'The specification leaves what the demo holds open.',
      'Context: the brief asks for a searchable list',
      "placed in the design's order",
      'The design asks that every figure link to the list',
      "the restricted demo clinic's code from the seed is `X5218`",
      "through the seed's `GET /api/v1/tasks/?status=`",
    ]) {
      assert.notDeepEqual(outsideCitationsOf(line, true), [], line);
    }
  });

  it('finds a phrase cut by the wrap of a record', () => {
    assert.notDeepEqual(outsideCitationsOfProse('The date stays what the seed', 'specification says it is'), []);
    assert.notDeepEqual(
      outsideCitationsOfProse('Context: patients see only their own data. The seed', 'names the calls'),
      [],
    );
    assert.deepEqual(outsideCitationsOfProse('through the', "seed's `GET /api/v1/tasks/`"), []);
    assert.deepEqual(outsideCitationsOfProse('the seed', 'runs once, inside the demo transaction'), []);
  });

  it('leaves the demo seed, a section sign that cites nothing and record citations alone', () => {
    for (const line of [
      `    expect(workbookName('${SECTION}${SECTION}.xlsx')).toBe('-.xlsx');`,
      '        seed: 1,',
      'type DemoClinic = { clinicId: number; count: number; seed: number };',
      'function sequence(seed: number) {',
      '  seed                                      create the demo clinics and accounts (idempotent)',
      "// The test's clock is not the demo seed's.",
      '/** The navigation guard (decision 0101). */',
      " * day's offset is taken at noon (cached: the seed asks for thousands of times)",
      "import { seedDemo } from '../src/seed/demo.js';",
    ]) {
      assert.deepEqual(outsideCitationsOf(line, false), [], line);
    }
    for (const line of [
      'The layering rules of docs/architecture.md, checked on every file',
      'at first start or by `npm run seed`, and a second run changes nothing.',
      "the seed runs once, inside the demo seed's transaction, with bulk inserts",
      'Without the video library (tests that seed no videos) there are no programs',
      'one seeded generator per clinic (`demo-random.ts`)',
      "`seed-monitoring.test.ts` (the recomputation and the demo's billing files)",
      "The demo clinic's is set by the demo seed.",
      'the journey `e2e/patient-signup.spec.ts` (one line each at 390 px)',
      '`tokens.css` (the design tokens as CSS custom properties)',
      "the product's original contract asks for a therapist dashboard",
    ]) {
      assert.deepEqual(outsideCitationsOf(line, true), [], line);
    }
  });
});

describe('citedRecordsOf', () => {
  it('reads every number of "decision" and "decisions", and nothing else', () => {
    assert.deepEqual(citedRecordsOf('(decision 0101)'), ['0101']);
    assert.deepEqual(citedRecordsOf('(decisions 0800 and 1200)'), ['0800', '1200']);
    assert.deepEqual(citedRecordsOf('Partly superseded by decisions 0601, 1200 and 1230.'), ['0601', '1200', '1230']);
    assert.deepEqual(citedRecordsOf('Decision 1180 moved the pill; decision 0704 ran it.'), ['1180', '0704']);
    assert.deepEqual(citedRecordsOf('at most 1000 patients; 2025 rules'), []);
  });
});

describe('citations in apps/, packages/, scripts/ and docs/', () => {
  it('reads the tracked files', () => {
    assert.ok(
      files.some(({ path }) => path.startsWith('docs/decisions/')),
      'no decision record was read',
    );
    assert.ok(
      files.some(({ path }) => path.startsWith('apps/')),
      'no file of apps/ was read',
    );
  });

  it('cite no section of a document outside the repository, and name no such document', () => {
    const problems = [];
    for (const { path, isDoc, lines } of files)
      lines.forEach((line, index) => {
        const found = isDoc ? outsideCitationsOfProse(line, lines[index + 1]) : outsideCitationsOf(line, false);
        for (const says of found) problems.push(`${path}:${index + 1}: ${says}`);
      });
    noProblems(problems);
  });

  it('cite only decision records that exist', () => {
    const problems = [];
    for (const { path, lines } of files)
      lines.forEach((line, index) => {
        for (const number of citedRecordsOf(line))
          if (!records.has(number)) problems.push(`${path}:${index + 1}: decision ${number} has no record`);
      });
    noProblems(problems);
  });
});
