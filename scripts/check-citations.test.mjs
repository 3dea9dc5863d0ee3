// Comments and decision records cite what a reader of the repository can open: the decision records of
// docs/decisions. A section of a document outside the repository, or a record number with no record, sends the
// reader nowhere. Checked over the tracked files of apps/, packages/, scripts/ and docs/ (not node_modules,
// test-results or dist).
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

/** What cites an outside document, in every file: a section sign before a section's number or name. */
const everywhere = [
  {
    pattern: new RegExp(`${SECTION}\\s*[\\p{L}\\p{N}]`, 'u'),
    says: `cites a section (${SECTION}) of a document outside the repository`,
  },
];

/** In source files also: the outside documents named without a section, or a comment labelled with one. */
const inSource = [
  { pattern: /\bproduct\s+decisions\b/i, says: "cites the product's decisions, a document outside the repository" },
  { pattern: /\bseed\s+spec/i, says: 'cites the specification of the seed, a document outside the repository' },
  {
    pattern: /(?:\/\/|\/\*|^\s*\*).*\bseed\s*:/i,
    says: 'cites the seed, a document outside the repository',
  },
];

/** The problems of one line: what it cites outside the repository. */
const outsideCitationsOf = (line, isDoc) =>
  [...everywhere, ...(isDoc ? [] : inSource)].filter(({ pattern }) => pattern.test(line)).map(({ says }) => says);

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

  it('finds the outside documents named without a section in source files', () => {
    for (const line of [
      "// The patient's own side (Product decisions)",
      '/** Seed: page changes scroll smoothly to the top. */',
      '  /* One elevation for cards, one for modals (seed: z-index 100, content 110). */',
      ' * as the Seed Spec says',
    ]) {
      assert.notDeepEqual(outsideCitationsOf(line, false), [], line);
    }
  });

  it('leaves the demo seed, a section sign that cites nothing and record citations alone', () => {
    for (const line of [
      `    expect(workbookName('${SECTION}${SECTION}.xlsx')).toBe('-.xlsx');`,
      '        seed: 1,',
      'type DemoClinic = { clinicId: number; count: number; seed: number };',
      'function sequence(seed: number) {',
      '  seed                                      create the demo clinics and accounts (idempotent)',
      "// The test's clock is not the seed's.",
      '/** The navigation guard (decision 0101). */',
    ]) {
      assert.deepEqual(outsideCitationsOf(line, false), [], line);
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

  it('cite no section of a document outside the repository', () => {
    const problems = [];
    for (const { path, isDoc, lines } of files)
      lines.forEach((line, index) => {
        for (const says of outsideCitationsOf(line, isDoc)) problems.push(`${path}:${index + 1}: ${says}`);
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
