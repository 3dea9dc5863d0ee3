import {
  type AuditAction,
  type FileAnswer,
  type HandoutEmail,
  type HandoutLanguage,
  PATIENT_SIGNIN_PATH,
} from '@rehabit/contract';
import type { RequestContext } from '../../http/request-context.ts';
import { type AuditLog, patientAudit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type Mailer, mailOutgoing } from '../../lib/mailer.ts';
import { queueInOutbox } from '../../lib/outbox.ts';
import type { VideoHost } from '../../video-host/host.ts';
import type { Caller } from '../data-access.ts';
import { patientScope, requirePatient } from '../patients/patient-access.ts';
import type { PatientRow } from '../patients/patients.repository.ts';
import { handoutEmail } from './handout-email.ts';
import { type HandoutExercise, renderHandout } from './handout-pdf.ts';
import { handoutWords } from './handout-words.ts';
import type { HepItemRow } from './hep.repository.ts';

type Deps = {
  clock: Clock;
  audit: AuditLog;
  host: () => VideoHost;
  mailer: Mailer;
  publicUrl: string;
  /** The restricted demo clinic, whose e-mails are recorded and never delivered. */
  restrictedClinicCode: string;
};

/** A poster frame is a JPEG of a few hundred kilobytes; a larger file is not one and is left out. */
const POSTER_MAX_BYTES = 5 * 1024 * 1024;

/** The exercise's name in the handout's language: the Spanish title when the video has one (decision 1231). */
const nameOf = (row: HepItemRow, language: HandoutLanguage) =>
  (language === 'es' && row.videoTitleEs.trim()) || row.videoTitle;

/** How to do the exercise, from the library, in the handout's language when the video has it (decision 1231). */
const howToOf = (row: HepItemRow, language: HandoutLanguage) =>
  (language === 'es' && row.videoDescriptionEs.trim()) || row.videoDescription;

/**
 * The program's printable handout (decision 1395): what the patient does at home and where to open it on the phone,
 * and nothing else of their record.
 */
export function createHandoutService({ clock, audit, host, mailer, publicUrl, restrictedClinicCode }: Deps) {
  const { success: record } = patientAudit(audit);
  const signInLink = new URL(PATIENT_SIGNIN_PATH, publicUrl).href;

  /** The poster's bytes, or null: a handout without a picture is better than no handout. */
  async function posterOf(row: HepItemRow): Promise<Buffer | null> {
    if (row.videoStatus !== 'ready' || !row.videoHasPoster) return null;
    try {
      return await host().posterBytes(row.videoGuid, POSTER_MAX_BYTES);
    } catch {
      return null;
    }
  }

  /**
   * The staff member's patient, their record and active program: another clinic's is not found (the attempt
   * audited as `action`), and `check` may refuse the record before the program is read.
   */
  async function programOf(
    actor: Caller,
    patientId: number,
    action: AuditAction,
    ctx: RequestContext,
    check: (person: PatientRow) => void = () => {},
  ) {
    const patient = await requirePatient(audit, actor, patientId, action, ctx);
    const data = actor.data.within(patientScope(patient));
    const person = await data.patients.findById(patient.id);
    if (!person) throw notFound('patient');
    check(person);
    const rows = await data.hep.listActive(patient.id);
    if (rows.length === 0) {
      throw new AppError(
        'conflict',
        'This program has no exercises yet: add some before printing or sending the handout',
      );
    }
    return { patient, person, rows, data };
  }

  async function render(
    { patient, person, rows, data }: Awaited<ReturnType<typeof programOf>>,
    language: HandoutLanguage,
  ): Promise<FileAnswer & { content: Uint8Array }> {
    const words = handoutWords[language];
    const started = new Date(Math.min(...rows.map((row) => row.createdAt.getTime())));
    const exercises: HandoutExercise[] = [];
    for (const row of rows) {
      exercises.push({
        name: nameOf(row, language),
        sets: row.sets,
        reps: row.reps,
        holdSeconds: row.holdSeconds,
        timesPerDay: row.timesPerDay,
        daysPerWeek: row.daysPerWeek,
        howTo: howToOf(row, language),
        notes: row.description,
        poster: await posterOf(row),
      });
    }
    const logo = await data.clinics.logo();
    const content = await renderHandout({
      words,
      clinicName: person.clinicName,
      logo: logo ? Buffer.from(logo.bytes) : null,
      firstName: person.firstName,
      startDate: new Intl.DateTimeFormat(words.lang, { dateStyle: 'long', timeZone: patient.timezone }).format(started),
      exercises,
      link: signInLink,
      createdAt: clock.now(),
    });
    return { filename: `exercise-program-${patient.id}-${language}.pdf`, content };
  }

  return {
    async download(
      actor: Caller,
      patientId: number,
      language: HandoutLanguage,
      ctx: RequestContext,
    ): Promise<FileAnswer> {
      const program = await programOf(actor, patientId, 'handout.download', ctx);
      const file = await render(program, language);
      await record(actor, 'handout.download', program.patient, ctx, { language, exercises: program.rows.length });
      return file;
    },

    /**
     * E-mails the handout to the patient's address (decision 1415): a message with no health detail that leads to
     * the patient's sign-in, with the PDF attached only when the patient's clinic allows it. Audited with the
     * language, the number of exercises and whether the PDF went; never the content or the address.
     */
    async email(
      actor: Caller,
      patientId: number,
      language: HandoutLanguage,
      ctx: RequestContext,
    ): Promise<HandoutEmail> {
      const program = await programOf(actor, patientId, 'handout.email', ctx, (person) => {
        if (!person.email?.trim()) {
          throw new AppError(
            'conflict',
            "This patient has no e-mail address: add one to the patient's details, or print the handout",
          );
        }
      });
      const { patient, person, data } = program;
      const clinic = await data.clinics.findByCode(person.clinicCode);
      const attached = clinic?.handoutAttachments ?? false;
      const file = attached ? await render(program, language) : undefined;
      const to = person.email!.trim();
      const message = {
        to,
        ...handoutEmail({ language, clinicName: person.clinicName, link: signInLink, attached }),
        attachments: file ? [{ filename: file.filename, contentType: 'application/pdf', content: file.content }] : [],
        // The restricted demo clinic's e-mails never leave the platform.
        suppress: person.clinicCode === restrictedClinicCode,
      };
      // The audit row and the outbox row are written together, before the message leaves: no e-mail goes unaudited.
      // It is delivered after the commit, so the mail server's time holds no transaction open.
      const queued = await data.transaction(async (tx) => {
        await record(
          actor,
          'handout.email',
          patient,
          ctx,
          { language, exercises: program.rows.length, attached },
          tx.db,
        );
        return queueInOutbox(tx.db, mailOutgoing(message));
      });
      const delivery = queued.status === 'queued' ? await mailer.deliverQueued(queued.id, message) : queued;
      if (delivery.status === 'failed') {
        throw new AppError('delivery_failed', 'The handout could not be e-mailed just now; try again later.');
      }
      return { to, attached, status: delivery.status };
    },
  };
}
export type HandoutService = ReturnType<typeof createHandoutService>;
