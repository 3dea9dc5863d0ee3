import type { FhirJson } from './fhir-validator.ts';

type Value = string | number | null;

const extension = (charge: FhirJson, url: string) =>
  (charge.extension as FhirJson[] | undefined)?.filter((e) => e.url === url) ?? [];

/**
 * What a ChargeItem says of its billing file line, in the file's own columns from Patient ID to Expected amount
 * (decision 0801's order), with the rendering NPI read from the Practitioner it names.
 */
export function chargeAsFileLine(charge: FhirJson, npiOf: (practitionerRef: string) => string | null): Value[] {
  const dataDays = extension(charge, 'urn:rehabit:fhir:rtm-data-days')[0]?.valueInteger ?? null;
  const minutes = extension(charge, 'urn:rehabit:fhir:rtm-minutes')[0]?.valueInteger ?? null;
  const performer = charge.performer?.[0]?.actor?.reference as string | undefined;
  return [
    Number((charge.subject.reference as string).replace('Patient/', '')),
    charge.reason?.[0]?.coding?.[0]?.code ?? null,
    charge.code.coding[0].code,
    charge.quantity.value,
    extension(charge, 'urn:rehabit:fhir:cpt-modifier')
      .map((e) => e.valueCode)
      .join(', '),
    extension(charge, 'urn:rehabit:fhir:rtm-date-of-service')[0]?.valueDate,
    // A window of data days is the period of a device code's figures; a management code's is its month.
    dataDays === null ? null : charge.occurrencePeriod.start,
    dataDays === null ? null : charge.occurrencePeriod.end,
    dataDays,
    minutes,
    performer ? npiOf(performer) : null,
    charge.priceOverride.value,
  ];
}

/** The same columns of a billing file's patient line (as `sheetRows` reads it). */
const FILE_LINE_COLUMNS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15];
export const fileLineColumns = (line: Value[]): Value[] => FILE_LINE_COLUMNS.map((column) => line[column] ?? null);

/** A Bundle's or an NDJSON file's Practitioners' NPIs by reference (`Practitioner/staff-3`). */
export const npiLookup = (resources: FhirJson[]) => {
  const byRef = new Map(
    resources
      .filter((r) => r.resourceType === 'Practitioner')
      .map((r) => [`Practitioner/${r.id}`, (r.identifier?.[0]?.value as string | undefined) ?? null]),
  );
  return (ref: string) => byRef.get(ref) ?? null;
};
