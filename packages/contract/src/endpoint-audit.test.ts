import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import * as contract from './index.ts';
import type { Action } from './permissions.ts';

/** Actions whose calls read or change a patient's health data: each such call must say what it audits. */
const healthDataActions: readonly Action[] = [
  'patients.read',
  'patients.manage',
  'patients.remove',
  'programs.edit',
  'chat.use',
  'chat.staff',
  'patient-app.use',
  // A monitoring session names the patient whose care it times.
  'monitoring.record',
  // A clinic's monitored minutes name its patients and who cared for them.
  'monitoring.export',
];

/** Public calls that touch a patient's record: the QR registration's. */
const publicPatientCalls = ['sendOtp', 'verifyOtp', 'qrRegistration'];

const endpoints = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([area, group]) =>
    Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({ area, name, endpoint })),
  );

describe('the audit of each endpoint', () => {
  it('is declared by every call on health data', () => {
    const onHealthData = endpoints.filter(
      ({ name, endpoint }) =>
        healthDataActions.includes(endpoint.access as Action) ||
        (endpoint.access === 'public' && publicPatientCalls.includes(name)),
    );
    expect(onHealthData.length).toBeGreaterThan(30);
    const undeclared = onHealthData.filter(({ endpoint }) => !endpoint.audit).map((e) => `${e.area}.${e.name}`);
    expect(undeclared).toEqual([]);
  });

  it('names, for a change audited once per session, an optional field of its body that ends the session', () => {
    const perSession = endpoints.filter(({ endpoint }) => endpoint.audit && 'oncePerSession' in endpoint.audit);
    expect(perSession.map((e) => `${e.area}.${e.name}`)).toEqual(['monitoringEndpoints.update']);
    for (const { area, name, endpoint } of perSession) {
      const { endedBy } = (endpoint.audit as { oncePerSession: { endedBy: string } }).oncePerSession;
      const field = (endpoint.body as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape?.[endedBy];
      expect(field, `${area}.${name}: its body has no field ${endedBy}`).toBeDefined();
      // Optional: a body without it is a beat of the session, one with it the session's end.
      expect(z.safeParse(field!, undefined).success, `${area}.${name}: ${endedBy} is required`).toBe(true);
    }
  });
});
