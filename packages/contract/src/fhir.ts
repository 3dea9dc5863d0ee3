import { idParamsSchema } from './common.ts';
import { defineEndpoints, fileResponseSchema } from './endpoint.ts';

/** Where the read-only FHIR R4 API answers (decision 1425), beside the contract's own calls. */
export const FHIR_BASE_PATH = '/fhir/R4';

/** The FHIR export of a patient's record (decision 1425). */
export const fhirEndpoints = defineEndpoints('fhir', {
  /**
   * The patient's record as a FHIR R4 Bundle of type `collection` (the patient, the clinic, the therapist, the
   * diagnosis, the home program, the readings and outcome scores, the calls), for the clinic's EMR. Anyone who reads
   * the patient may export it; another clinic's patient is not found. The file is named by the patient's id only.
   */
  bundle: {
    method: 'GET',
    path: '/api/v1/patients/:id/fhir/',
    access: 'patients.read',
    audit: { read: 'fhir.export' },
    params: idParamsSchema,
    status: 200,
    file: 'fhir',
    response: fileResponseSchema,
  },
});
