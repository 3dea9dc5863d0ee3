#!/usr/bin/env node
// The layering rules of docs/architecture.md, checked on every file tracked by git (`npm run lint` runs it):
// - the web never imports the API, and the contract imports neither app;
// - the web's features import each other only through a feature's index.ts, what it offers the others, and without
//   cycles; the routes of app/, which put the screens together and load each lazily by its file, may reach deeper;
// - the web's lib/ knows no feature: it holds the transport and the plumbing every feature stands on;
// - in the API only repositories speak SQL (drizzle-orm, the schema, prepared statements, the database drivers),
//   beside the layers that own the database (db/, jobs/, backup/) and the demo data (seed/); routes never reach a
//   repository past their service;
// - the API's modules import each other without cycles;
// - in the API a repository is built only by the data access a call is given (decision 1345), beside the
//   repositories themselves and the audit trail's and outbox's writers beneath every module;
// - no source file decides by a role's name (decision 1305): it asks the permission table (`can`) or a predicate of
//   packages/contract/src/roles.ts, the only two files that compare a role with one.
// Prints each broken rule with its file and import or line, and exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where an alias points, as the TypeScript configurations and Vite declare them. */
const aliases = [
  ['@web/', 'apps/web/src/'],
  ['@api/', 'apps/api/src/'],
];

const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s*['"]([^'"]+)['"]/gm;

/** Every module a file imports, each as a path from the repository root, or the package name as written. */
export function importsOf(file, source) {
  const found = [];
  for (const match of source.matchAll(importPattern)) {
    const spec = match[1] ?? match[2] ?? match[3];
    const alias = aliases.find(([prefix]) => spec.startsWith(prefix));
    if (alias) found.push(alias[1] + spec.slice(alias[0].length));
    else if (spec.startsWith('.')) found.push(normalize(join(dirname(file), spec)));
    else found.push(spec);
  }
  return found;
}

/** The web feature a file is in, or an import names by a file inside it or by its folder (`@web/features/x`). */
const featureOf = (target) => /^apps\/web\/src\/features\/([^/.]+)(?:\/|$)/.exec(target)?.[1];
/** Whether an import names a feature's index: its folder, or its index.ts written out. */
const isFeatureIndex = (target) => /^apps\/web\/src\/features\/[^/]+(?:\/index(?:\.ts)?)?$/.test(target);
/** The composition root: its routes load each screen lazily by its own file, so a screen stays a chunk of its own. */
const isWebApp = (path) => path.startsWith('apps/web/src/app/');
const apiModuleOf = (path) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const isTest = (path) => /\.test\.tsx?$/.test(path);
/** What speaks SQL: drizzle, the schema's tables, the named prepared statements and the database drivers. */
const speaksSql = (target) =>
  /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/.test(target) || /^apps\/api\/src\/db\/(schema|prepared)/.test(target);

/**
 * Where the API speaks SQL besides its repositories: the database layer (connection, migrations, grants, the scope
 * and visibility rules every repository builds on), the job queue (pg-boss's own tables) and the backup, which
 * dumps, counts and restores every table as their owner from the command line (decision 1445); and the demo data,
 * made once in demo mode straight into the tables and never reached by a call (decision 0440). Tests set up rows
 * directly.
 */
const sqlOwners = ['apps/api/src/db/', 'apps/api/src/jobs/', 'apps/api/src/backup/', 'apps/api/src/seed/'];
const maySpeakSql = (file) =>
  file.endsWith('.repository.ts') || isTest(file) || sqlOwners.some((folder) => file.startsWith(folder));

/** The rules one import breaks, as sentences. */
export function brokenRules(file, target) {
  const broken = [];
  if (file.startsWith('apps/web/') && (target.startsWith('apps/api/') || target.startsWith('@rehabit/api'))) {
    broken.push('the web must not import the API');
  }
  if (file.startsWith('packages/contract/') && (target.startsWith('apps/') || target.startsWith('@rehabit/'))) {
    broken.push('the contract must not import the apps');
  }
  const targetFeature = featureOf(target);
  if (file.startsWith('apps/web/src/lib/') && targetFeature) {
    broken.push(`lib/ knows no feature: it must not import feature '${targetFeature}'`);
  } else if (
    file.startsWith('apps/web/src/') &&
    targetFeature &&
    targetFeature !== featureOf(file) &&
    !isWebApp(file) &&
    !isFeatureIndex(target)
  ) {
    broken.push(
      `feature '${targetFeature}' is imported through its index.ts (@web/features/${targetFeature}), not deeper`,
    );
  }
  if (file.startsWith('apps/api/src/') && !maySpeakSql(file) && speaksSql(target)) {
    broken.push('only repositories may query the database');
  }
  if (file.endsWith('.routes.ts') && target.endsWith('.repository.ts')) {
    broken.push('routes reach repositories through their service');
  }
  return broken;
}

/** The role names of the contract, read from the `roles` list of its source, so a new role is checked too. */
export function roleNamesIn(source) {
  const list = /export const roles = \[([^\]]*)\]/.exec(source);
  return [...(list?.[1] ?? '').matchAll(/'([^']+)'/g)].map(([, name]) => name);
}

/** The two files that may compare a role with its name: the permission table and the roles with their predicates. */
const roleDecisionFiles = new Set(['packages/contract/src/permissions.ts', 'packages/contract/src/roles.ts']);

/** Whether a file is held to the role rule: the apps' and the contract's sources, their tests aside. */
export const decidesNoRoles = (path) =>
  /^(apps\/[^/]+\/src|packages\/contract\/src)\/.*\.tsx?$/.test(path) && !isTest(path) && !roleDecisionFiles.has(path);

/**
 * Each place a source decides by a role's name, as its line and what it does: a role compared with a name (either
 * way round), a name list searched with `.includes`, a `switch` on a role. Written as text, not types: a role held
 * in a variable whose name does not end in "role" goes unseen, which review catches.
 */
export function roleDecisions(source, roleNames) {
  const name = `['"\`](?:${roleNames.join('|')})['"\`]`;
  const rules = [
    [new RegExp(`[rR]ole\\s*[!=]==?\\s*${name}`, 'g'), "compares a role with a role's name"],
    [new RegExp(`${name}\\s*[!=]==?\\s*[\\w.?]*[rR]ole\\b`, 'g'), "compares a role with a role's name"],
    [
      new RegExp(`\\[\\s*${name}(?:\\s*,\\s*${name})*\\s*,?\\s*\\](?:\\s*as\\s[^)]*\\))?\\s*\\.includes\\(`, 'g'),
      'looks a role up in a list of role names',
    ],
    [/\bswitch\s*\(\s*[\w.?]*[rR]ole\s*\)/g, 'switches on a role'],
  ];
  const found = [];
  for (const [pattern, rule] of rules) {
    for (const match of source.matchAll(pattern)) {
      found.push({ line: source.slice(0, match.index).split('\n').length, rule });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Where the API may build a repository: the call's data access, and the audit trail's and outbox's writers. */
const repositoryBuilders = new Set([
  'apps/api/src/modules/data-access.ts',
  'apps/api/src/lib/audit.ts',
  'apps/api/src/lib/outbox.ts',
]);

/** Whether a file is held to the repository rule: the API's sources, their tests and the repositories aside. */
export const buildsNoRepositories = (path) =>
  /^apps\/api\/src\/.*\.ts$/.test(path) &&
  !isTest(path) &&
  !path.endsWith('.repository.ts') &&
  !repositoryBuilders.has(path);

/**
 * The lines where a source builds a repository itself (`createXRepository(…)` called, not declared): services reach
 * theirs through the data access of their call (decision 1345).
 */
export function repositoryBuilds(source) {
  const found = [];
  for (const match of source.matchAll(/(?<!function\s)\bcreate[A-Z]\w*Repository\s*\(/g)) {
    found.push(source.slice(0, match.index).split('\n').length);
  }
  return found;
}

/**
 * The feature a web file's import leads to, when it crosses from one feature to another: an edge of the graph that
 * must have no cycle. Tests are left out, as they are of the API's modules: a test may set up another feature.
 */
export function featureEdge(file, target) {
  const from = featureOf(file);
  const to = featureOf(target);
  return from && to && from !== to && !isTest(file) ? [from, to] : null;
}

/** The cycles among the API's modules (or the web's features), each as the list of modules around it. */
export function moduleCycles(edges) {
  const cycles = [];
  const seen = new Set();
  const visit = (module, trail) => {
    const at = trail.indexOf(module);
    if (at >= 0) {
      const cycle = trail.slice(at);
      const key = [...cycle].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        cycles.push([...cycle, module]);
      }
      return;
    }
    for (const next of edges.get(module) ?? []) visit(next, [...trail, module]);
  };
  for (const module of edges.keys()) visit(module, []);
  return cycles;
}

function main() {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\n')
    .filter((path) => /^(apps|packages)\/.*\.(ts|tsx|mjs)$/.test(path));
  const problems = [];
  const moduleEdges = new Map();
  const featureEdges = new Map();
  const addEdge = (edges, from, to) => {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  };
  const roleNames = roleNamesIn(readFileSync(join(root, 'packages/contract/src/roles.ts'), 'utf8'));
  for (const file of files) {
    let source;
    try {
      source = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree
    }
    if (decidesNoRoles(file)) {
      for (const { line, rule } of roleDecisions(source, roleNames)) {
        problems.push(
          `${file}:${line}: ${rule}: ask the permission table (can) or a predicate of packages/contract/src/roles.ts`,
        );
      }
    }
    if (buildsNoRepositories(file)) {
      for (const line of repositoryBuilds(source)) {
        problems.push(`${file}:${line}: builds a repository: reach it through the call's data access (data-access.ts)`);
      }
    }
    for (const target of importsOf(file, source)) {
      for (const rule of brokenRules(file, target)) problems.push(`${file}: imports ${target}: ${rule}`);
      const from = apiModuleOf(file);
      const to = apiModuleOf(target);
      if (from && to && from !== to && !isTest(file)) addEdge(moduleEdges, from, to);
      const edge = featureEdge(file, target);
      if (edge) addEdge(featureEdges, ...edge);
    }
  }
  for (const cycle of moduleCycles(moduleEdges)) {
    problems.push(`apps/api/src/modules: the modules ${cycle.join(' → ')} import each other in a cycle`);
  }
  for (const cycle of moduleCycles(featureEdges)) {
    problems.push(`apps/web/src/features: the features ${cycle.join(' → ')} import each other in a cycle`);
  }
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length === 0
      ? `Boundaries: ${files.length} files, no rule broken`
      : `Boundaries: ${problems.length} broken in ${files.length} files (${relative(process.cwd(), root) || '.'})`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
