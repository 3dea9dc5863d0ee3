/**
 * No repository method takes its clinic from the caller (decision 1340): read with the compiler from the API's
 * source, every method of every repository factory, and every query function a repository file exports, is
 * refused if a parameter is named `clinicId`, is a `ClinicScope` or an `Actor`, or is an object (or a list of
 * objects) with a `clinicId` field. A factory itself takes the database and, when its rows belong to clinics, the
 * scope it narrows every query by.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Repositories that only append rows each naming its own clinic, and never read them back for a caller: the audit
 * trail records what a platform admin did in any clinic, so the clinic is part of the event it is given.
 */
const appendOnlyLogs = new Set(['lib/audit.repository.ts']);

function loadProgram() {
  const configFile = path.join(apiDir, 'tsconfig.json');
  const config = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, apiDir);
  const rootNames = parsed.fileNames.filter((file) => file.endsWith('.repository.ts') && file.includes('/src/'));
  return { program: ts.createProgram(rootNames, parsed.options), rootNames };
}

/** Why a parameter hands the method a clinic, or undefined when it does not. */
function clinicOf(checker: ts.TypeChecker, parameter: ts.Symbol, at: ts.Node): string | undefined {
  if (parameter.name === 'clinicId') return 'is named clinicId';
  const type = checker.getTypeOfSymbolAtLocation(parameter, at);
  const alias = type.aliasSymbol?.name;
  if (alias === 'ClinicScope' || alias === 'Actor') return `is ${alias === 'Actor' ? 'an' : 'a'} ${alias}`;
  const parts = type.isUnion() ? type.types : [type];
  for (const part of parts) {
    const element = checker.isArrayType(part) ? checker.getTypeArguments(part as ts.TypeReference)[0] : part;
    if (element?.getProperty('clinicId')) return 'carries a clinicId';
  }
  return undefined;
}

function findOffences() {
  const { program, rootNames } = loadProgram();
  const checker = program.getTypeChecker();
  const offences: string[] = [];
  let methods = 0;
  for (const file of rootNames) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const relative = path.relative(path.join(apiDir, 'src'), file);
    if (appendOnlyLogs.has(relative)) continue;
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const declaration = exported.valueDeclaration;
      if (!declaration) continue;
      const signatures = checker.getTypeOfSymbolAtLocation(exported, declaration).getCallSignatures();
      const [signature] = signatures;
      if (!signature) continue;
      const [first, second] = signature.getParameters();
      if (first?.name !== 'db' && first?.name !== 'tx') continue;
      const check = (name: string, parameters: readonly ts.Symbol[]) => {
        methods += 1;
        for (const parameter of parameters) {
          const why = clinicOf(checker, parameter, declaration);
          if (why) offences.push(`${relative}: ${name}(${parameter.name}) ${why}`);
        }
      };
      if (/^create\w+Repository$/.test(exported.name)) {
        if (second && second.name !== 'scope') offences.push(`${relative}: ${exported.name} takes ${second.name}`);
        const repository = signature.getReturnType();
        for (const method of repository.getProperties()) {
          for (const methodSignature of checker.getTypeOfSymbolAtLocation(method, declaration).getCallSignatures()) {
            check(`${exported.name}.${method.name}`, methodSignature.getParameters());
          }
        }
      } else {
        // A query function over the database: its scope follows the database, as a factory's does.
        const rest = second?.name === 'scope' ? signature.getParameters().slice(2) : signature.getParameters().slice(1);
        check(exported.name, rest);
      }
    }
  }
  return { offences, methods };
}

describe('repository parameters', () => {
  it('never hand a repository method its clinic', () => {
    const { offences, methods } = findOffences();
    expect(methods).toBeGreaterThan(100);
    expect(offences, 'repository methods that take a clinic from their caller (decision 1340)').toEqual([]);
  }, 120_000);
});
