import { type AssignMeasureBody, measureAssignmentEndpoints } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@web/lib/api-client.ts';
import { useChangeMutation } from '@web/lib/change-mutation.ts';

export const measureAssignmentsQueryKey = (patientId: number) => ['measure-assignments', patientId] as const;

/** The measures the patient is asked to fill in, running and past (decision 1360). */
export const useMeasureAssignments = (patientId: number) =>
  useQuery({
    queryKey: measureAssignmentsQueryKey(patientId),
    queryFn: ({ signal }) => call(measureAssignmentEndpoints.list, { params: { patientId }, signal }),
    meta: { errorHandling: 'silent' },
  });

export const useAssignMeasure = (patientId: number) =>
  useChangeMutation({
    mutationFn: (body: AssignMeasureBody) => call(measureAssignmentEndpoints.assign, { params: { patientId }, body }),
    meta: { errorHandling: 'silent' },
    stale: [measureAssignmentsQueryKey(patientId)],
  });

export const useStopMeasure = (patientId: number) =>
  useChangeMutation({
    mutationFn: (assignmentId: number) =>
      call(measureAssignmentEndpoints.stop, { params: { patientId, assignmentId } }),
    meta: { errorHandling: 'silent' },
    stale: [measureAssignmentsQueryKey(patientId)],
  });
