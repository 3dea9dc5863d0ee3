import { type billingFileParamsSchema, can, monthOfYear } from '@rehabit/contract';
import type { z } from 'zod';
import { clinicScope } from '../../db/scope.ts';
import { clinicMonthOf } from '../../lib/calendar.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';

/** A billing month's route parameters. */
export type MonthParams = z.infer<typeof billingFileParamsSchema>;

/**
 * The clinic a billing call is about: an admin names it (platform staff see every clinic); clinic staff always get
 * their own, and naming another clinic's code is not found. Found through the caller's data access (`actor.data`),
 * whose scope is the caller's.
 */
export async function billingClinicOf(data: TxData, actor: Caller, clinicCode: string | undefined) {
  if (can(actor.role, 'clinics.all') && !clinicCode) throw fieldError('clinic_code', 'Choose the clinic by its code');
  const clinic = await data.clinics.findByCode(clinicCode ?? actor.clinicCode);
  if (!clinic) throw notFound('clinic');
  return clinic;
}

/** `YYYY-MM` of a billing month given as year and month, refused when it has not started yet in the clinic. */
export function billingMonthOf(year: number, month: number, currentMonth: string): string {
  // Years before the first billing year are refused by the query's schema.
  const wanted = monthOfYear(year, month);
  if (wanted > currentMonth) {
    throw fieldError('month', `${wanted} has not started yet: pick ${currentMonth} or an earlier month`);
  }
  return wanted;
}

/**
 * The clinic a billing call is about and its month, refused when the month has not started yet there, with the
 * clinic's current month and the data access of the clinic's scope (found in the caller's), where its files, sign-off
 * and claims are read.
 */
export async function clinicMonthOfCall(actor: Caller, params: MonthParams, clinicCode: string | undefined, now: Date) {
  const clinic = await billingClinicOf(actor.data, actor, clinicCode);
  const currentMonth = clinicMonthOf(now, clinic.timezone);
  const clinicData = actor.data.within(clinicScope(clinic.id));
  return { clinic, clinicData, month: billingMonthOf(params.year, params.month, currentMonth), currentMonth };
}
