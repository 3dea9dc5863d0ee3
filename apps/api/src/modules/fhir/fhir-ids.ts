// What a resource id of the read API names (decision 1425): the patient whose record holds it, a row of that record
// to find its patient by, the clinic, or a staff member. Ids are the mapping's own (`fhirIds`).

/** The resource types the read API reads by id, each with the id's shape. */
export const readableTypes = [
  'Patient',
  'Organization',
  'Practitioner',
  'PractitionerRole',
  'Condition',
  'CarePlan',
  'Observation',
  'Encounter',
  'ChargeItem',
] as const;
export type ReadableType = (typeof readableTypes)[number];

export type RowKind = 'reading' | 'measure' | 'call';

export type IdTarget =
  | { of: 'patient'; patientId: number }
  | { of: 'row'; kind: RowKind; rowId: number }
  | { of: 'clinic'; clinicId: number }
  | { of: 'staff'; userId: number };

const shapes: { type: ReadableType; pattern: RegExp; target: (n: number) => IdTarget }[] = [
  { type: 'Patient', pattern: /^(\d{1,9})$/, target: (n) => ({ of: 'patient', patientId: n }) },
  { type: 'Organization', pattern: /^clinic-(\d{1,9})$/, target: (n) => ({ of: 'clinic', clinicId: n }) },
  { type: 'Practitioner', pattern: /^staff-(\d{1,9})$/, target: (n) => ({ of: 'staff', userId: n }) },
  { type: 'PractitionerRole', pattern: /^role-(\d{1,9})$/, target: (n) => ({ of: 'staff', userId: n }) },
  { type: 'Condition', pattern: /^diagnosis-(\d{1,9})$/, target: (n) => ({ of: 'patient', patientId: n }) },
  { type: 'CarePlan', pattern: /^program-(\d{1,9})$/, target: (n) => ({ of: 'patient', patientId: n }) },
  { type: 'Observation', pattern: /^reading-(\d{1,9})$/, target: (n) => ({ of: 'row', kind: 'reading', rowId: n }) },
  { type: 'Observation', pattern: /^measure-(\d{1,9})$/, target: (n) => ({ of: 'row', kind: 'measure', rowId: n }) },
  {
    type: 'Observation',
    pattern: /^adherence-(\d{1,9})-\d{4}-\d{2}-\d{2}$/,
    target: (n) => ({ of: 'patient', patientId: n }),
  },
  { type: 'Encounter', pattern: /^call-(\d{1,9})$/, target: (n) => ({ of: 'row', kind: 'call', rowId: n }) },
  {
    type: 'ChargeItem',
    pattern: /^charge-(\d{1,9})-\d{5}-\d{4}-\d{2}-\d{2}$/,
    target: (n) => ({ of: 'patient', patientId: n }),
  },
];

/** What a type and id name, or null when no resource of the mapping could have that id. */
export function targetOf(type: string, id: string): IdTarget | null {
  for (const shape of shapes) {
    const match = shape.type === type ? shape.pattern.exec(id) : null;
    if (match) return shape.target(Number(match[1]));
  }
  return null;
}

export const isReadableType = (type: string): type is ReadableType =>
  (readableTypes as readonly string[]).includes(type);
