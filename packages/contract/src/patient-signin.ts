import { z } from 'zod/mini';
import { tokenResponseSchema } from './auth.ts';
import { clinicCodeSchema, detailSchema, emailSchema } from './common.ts';
import { defineEndpoints } from './endpoint.ts';

// How a patient signs in: a code texted to the phone, or e-mail and password. Apart from the patient's other calls,
// so the patient's sign-in page loads no more of the contract than this (issue #18, decision 1170).

/** The page where a patient signs in: the link a printed program's QR code opens (decision 1395). */
export const PATIENT_SIGNIN_PATH = '/patient/login';

export const patientSigninBodySchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1), z.maxLength(128)),
});
export type PatientSigninBody = z.infer<typeof patientSigninBodySchema>;

/** A phone in E.164 form (`+15551234567`), as the OTP calls take it. */
export const e164PhoneSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((value: string) => `+${value.replace(/\D/g, '')}`),
  ),
  z.string().check(z.regex(/^\+\d{8,15}$/, { error: 'Enter the phone with its country code, e.g. +1 555 123 4567' })),
);

export const toE164 = (dialCode: string, phone: string) => `+${dialCode.replace(/\D/g, '')}${phone.replace(/\D/g, '')}`;

/**
 * Phone codes (decisions 0006, 0504 and 1295). A "client" is the caller's address (an IPv6 address by its /64); "a
 * day" is the last 24 hours. No limit that anyone can trip keeps a patient out for more than minutes: sends have a
 * short cool-down and a short window per phone, and wrong codes use up the code they were made against, never the
 * phone. The limits per phone and client cost only the caller's own address.
 */
export const OTP_TTL_MINUTES = 10;
/** Between two codes texted to one phone, from anyone. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** Codes one client may have texted to one phone in `OTP_SEND_WINDOW_MINUTES`. */
export const OTP_MAX_SENDS_PER_WINDOW = 3;
export const OTP_SEND_WINDOW_MINUTES = 10;
export const OTP_MAX_SENDS_PER_CLIENT_PER_DAY = 5;
/**
 * Codes texted to one phone in `OTP_PHONE_SEND_WINDOW_MINUTES`, from all clients together: bounds the texts and the
 * codes there are to guess at, and keeps a patient waiting at most that long.
 */
export const OTP_MAX_SENDS_PER_PHONE_PER_WINDOW = 5;
export const OTP_PHONE_SEND_WINDOW_MINUTES = 15;
/** Wrong tries of one code; then the code is dead and a new one must be sent. */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Of a code's wrong tries, those from clients other than the one that asked for it: past them only its own client
 * may still enter it, so others can never use up a patient's code.
 */
export const OTP_MAX_FOREIGN_ATTEMPTS = 2;
/** Wrong codes one client may enter for one phone in a day. */
export const OTP_MAX_FAILURES_PER_CLIENT_PER_DAY = 10;

export const sendOtpBodySchema = z.object({
  phone: e164PhoneSchema,
  /** The clinic whose QR code was scanned; a restricted demo clinic's codes are shown, never sent. */
  clinic_code: z.optional(clinicCodeSchema),
});
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;
export const verifyOtpBodySchema = z.object({
  phone: e164PhoneSchema,
  otp: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'Enter the 6-digit code' })),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;
export const verifyOtpResponseSchema = z.object({
  verified: z.literal(true),
  verification_token: z.string(),
  /** A patient's sign-in token, when the verified phone belongs to a patient of a clinic (decision 0410). */
  token: z.optional(z.string()),
});

/** The phone codes, for signing in and for registering from the clinic's QR code. */
export const phoneCodeEndpoints = defineEndpoints('patients', {
  /** Texts a 6-digit code to a phone (public: a registering patient has no account yet). */
  sendOtp: {
    method: 'POST',
    path: '/clinic/patient/send-otp',
    access: 'public',
    audit: { change: 'patient.otp_sent' },
    body: sendOtpBodySchema,
    status: 202,
    response: detailSchema,
  },
  /** Trades a texted code for a registration token (and a patient's sign-in token when the phone is a patient's). */
  verifyOtp: {
    method: 'POST',
    path: '/clinic/patient/verify-otp',
    access: 'public',
    audit: { change: 'patient.otp_verify' },
    body: verifyOtpBodySchema,
    status: 200,
    response: verifyOtpResponseSchema,
  },
});

/** The patient's sign-in by e-mail and password. */
export const patientSigninEndpoints = defineEndpoints('patient app', {
  /** Signs a patient in by e-mail and password. */
  signin: {
    method: 'POST',
    path: '/api/v1/patient/signin/',
    access: 'public',
    body: patientSigninBodySchema,
    status: 200,
    response: tokenResponseSchema,
  },
});
