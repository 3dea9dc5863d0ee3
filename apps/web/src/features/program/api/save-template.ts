import {
  type CreateTemplateBody,
  programTemplateEndpoints,
  type SaveProgramAsTemplateBody,
  type UpdateTemplateBody,
} from '@rehabit/contract';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';
import { templatesKey } from './get-templates.ts';

/** The patient's current program saved as a new template of the caller's. */
export function useSaveProgramAsTemplate(patientId: number) {
  return useChangeMutation({
    mutationFn: (body: SaveProgramAsTemplateBody) =>
      call(programTemplateEndpoints.saveFromProgram, { params: { id: patientId }, body }),
    meta: { errorHandling: 'form' },
    stale: [templatesKey],
  });
}

/** A new template from exercises (a protocol's, copied). */
export function useCreateTemplate() {
  return useChangeMutation({
    mutationFn: (body: CreateTemplateBody) => call(programTemplateEndpoints.create, { body }),
    meta: { errorHandling: 'silent' },
    stale: [templatesKey],
  });
}

/** A template renamed, its exercises replaced, or shared or made private. */
export function useUpdateTemplate() {
  return useChangeMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTemplateBody }) =>
      call(programTemplateEndpoints.update, { params: { id }, body }),
    meta: { errorHandling: 'form' },
    stale: [templatesKey],
  });
}

/** A template retired, or brought back. */
export function useRetireTemplate() {
  return useChangeMutation({
    mutationFn: ({ id, retired }: { id: number; retired: boolean }) =>
      call(programTemplateEndpoints.retire, { params: { id }, body: { retired } }),
    meta: { errorHandling: 'silent' },
    stale: [templatesKey],
  });
}
