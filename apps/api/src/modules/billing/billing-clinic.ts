import { can, monthOfYear } from '@rehabit/contract';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { Caller, TxData } from '../data-access.ts';

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
