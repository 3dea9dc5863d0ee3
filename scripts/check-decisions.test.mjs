// The decision records of docs/decisions, each well formed: its file name and its title agree on its number, a Status
// line under the title says whether it still holds, and every record a Status line points to exists. A reader
// follows "superseded by 1140" to a file, so a wrong or missing number sends them nowhere.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const folder = 'docs/decisions';
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', folder);
const records = readdirSync(dir)
  .sort()
  .map((name) => ({ name, number: name.slice(0, 4), lines: readFileSync(join(dir, name), 'utf8').split('\n') }));
const numbers = new Set(records.map((record) => record.number));

/** The Status line's value ("accepted. Adds to 0501."), when one of the record's first five lines is one. */
const statusOf = (lines) =>
  lines
    .slice(0, 5)
    .find((line) => line.startsWith('Status: '))
    ?.slice('Status: '.length);

/**
 * The records a status points to, one list per "superseded by" (any case) or "Adds to": the numbers up to the
 * sentence's end, so "Partly superseded by 0601, 1200 and 1230." names three.
 */
const pointersOf = (status) =>
  [...status.matchAll(/(superseded by|Adds to)([^.]*)/gi)].map(([, words, rest]) => ({
    words,
    numbers: rest.match(/\b\d{4}\b/g) ?? [],
  }));

/** Fails with every problem on a line of its own, each naming its file. */
const noProblems = (problems) => assert.equal(problems.length, 0, `\n${problems.join('\n')}`);

describe('pointersOf', () => {
  it('reads every number after "superseded by" and "Adds to", and a pointer that names none', () => {
    assert.deepEqual(pointersOf('superseded by 0104 and 1140.'), [
      { words: 'superseded by', numbers: ['0104', '1140'] },
    ]);
    assert.deepEqual(pointersOf('accepted. Partly superseded by 0601, 1200 and 1230.'), [
      { words: 'superseded by', numbers: ['0601', '1200', '1230'] },
    ]);
    assert.deepEqual(pointersOf('accepted. Adds to 0501.'), [{ words: 'Adds to', numbers: ['0501'] }]);
    assert.deepEqual(pointersOf('superseded by the next one.'), [{ words: 'superseded by', numbers: [] }]);
    assert.deepEqual(pointersOf('accepted.'), []);
  });
});

describe(folder, () => {
  it('holds records only, each named NNNN-title.md', () => {
    assert.ok(records.length > 0, `${folder} holds no records`);
    noProblems(
      records
        .filter(({ name }) => !/^\d{4}-[a-z0-9-]+\.md$/.test(name))
        .map(({ name }) => `${name}: the name is not NNNN-words-in-lower-case.md`),
    );
  });

  it('heads each record with the number of its file name', () => {
    noProblems(
      records
        .filter(({ number, lines }) => !lines[0].startsWith(`# ${number} `))
        .map(({ name, number, lines }) => `${name}: the first line is "${lines[0]}", not "# ${number} <title>"`),
    );
  });

  it('gives each number to one record', () => {
    const seen = new Map();
    for (const { name, number } of records) seen.set(number, [...(seen.get(number) ?? []), name]);
    noProblems(
      [...seen].filter(([, names]) => names.length > 1).map(([number, names]) => `${number}: ${names.join(', ')}`),
    );
  });

  it('says in a Status line within the first five lines whether each record holds', () => {
    const problems = [];
    for (const { name, lines } of records) {
      const status = statusOf(lines);
      if (status === undefined) problems.push(`${name}: no "Status: " line within the first 5 lines`);
      else if (!status.startsWith('accepted') && !status.startsWith('superseded by '))
        problems.push(`${name}: the status "${status}" starts with neither "accepted" nor "superseded by "`);
    }
    noProblems(problems);
  });

  it('points only to records that exist, other than itself', () => {
    const problems = [];
    for (const { name, number, lines } of records) {
      for (const pointer of pointersOf(statusOf(lines) ?? '')) {
        if (pointer.numbers.length === 0) problems.push(`${name}: "${pointer.words}" names no record`);
        for (const other of pointer.numbers) {
          if (other === number) problems.push(`${name}: "${pointer.words}" names the record itself`);
          else if (!numbers.has(other))
            problems.push(`${name}: "${pointer.words} ${other}": there is no record ${other}`);
        }
      }
    }
    noProblems(problems);
  });
});
