import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { clinicSettingsEndpoints, hepEndpoints, pathOf } from '@rehabit/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../test/helpers.ts';
import { auditRows, makeVideo } from '../../../test/hep-support.ts';
import { twoClinicsForFile } from '../../../test/patients-support.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { clinics, outbox } from '../../db/schema.ts';

const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'rehabit-handout-email-'));

/** A local SMTP server: where the e-mail leaves Rehabit, as a mail program would receive it. */
const smtp = await startSmtpSink();
const { received } = smtp;
afterAll(async () => {
  await smtp.close();
  rmSync(work, { recursive: true, force: true });
});

const { t, call, home, away } = await twoClinicsForFile({
  env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
});
const token = home.therapist.token;
const [clinic] = await t.database.db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, home.clinic.id));

const emailUrl = (id: number) => pathOf(hepEndpoints.handoutEmail, { id });

async function patientWith(titles: string[], overrides: Record<string, unknown> = {}) {
  const registered = await call.register(token, {
    first_name: 'Rosalía',
    last_name: 'Quintanilla',
    diagnosis: 'M54.50',
    ...overrides,
  });
  const items = [];
  for (const title of titles) {
    const video = await makeVideo(t.database.db, { clinicId: home.clinic.id, ownerUserId: home.therapist.id, title });
    items.push({ video_id: video.id, sets: 2, reps: 12 });
  }
  if (items.length > 0) {
    const res = await call.post(pathOf(hepEndpoints.program, { dashboardId: registered.id }), token, items);
    if (res.statusCode !== 201) throw new Error(`add failed: ${res.body}`);
  }
  return registered;
}

/** The newest outbox row sent to an address: what the e-mail said, as Rehabit recorded it. */
async function outboxTo(address: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, address))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row!;
}

/** The files of a received e-mail's MIME parts: name, media type and decoded bytes. */
function attachmentsOf(raw: string) {
  const files = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const name = /filename="?([^";\r\n]+)"?/.exec(part)?.[1];
    if (!name) continue;
    const type = /Content-Type:\s*([^;\r\n]+)/i.exec(part)?.[1];
    const content = Buffer.from(part.slice(part.search(/\r?\n\r?\n/)).replace(/\s+/g, ''), 'base64');
    files.push({ name, type, content });
  }
  return files;
}

async function pdfText(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(work, 'pdf-')), 'handout.pdf');
  writeFileSync(file, pdf);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, ' ');
}

async function allowAttachments(allowed: boolean) {
  const res = await call.patch(
    pathOf(clinicSettingsEndpoints.changeDetails, { clinicCode: home.clinic.code }),
    home.supervisor.token,
    { handout_attachments: allowed },
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().handout_attachments).toBe(allowed);
}

describe("e-mailing the program's handout to the patient", () => {
  it('sends a link to the sign-in page with no health detail, and no attachment by default', async () => {
    const patient = await patientWith(['Wall squat', 'Glute bridge']);
    const res = await call.post(emailUrl(patient.id), token, { language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ to: patient.email, attached: false, status: 'sent' });

    const row = await outboxTo(patient.email);
    expect(row).toMatchObject({ status: 'sent', subject: 'Your exercise program', attachments: [] });
    expect(row.body).toBe(
      'Your clinic sent you your exercise program. Sign in to Rehabit to see it: http://rehabit.test/patient/login\n\n' +
        `Clinic: "${clinic!.name}"\n`,
    );
    const mail = received.find((m) => m.to.includes(patient.email))!;
    expect(mail.raw).toContain('http://rehabit.test/patient/login');
    expect(attachmentsOf(mail.raw)).toEqual([]);
    for (const text of [row.body, row.subject!, mail.raw]) {
      for (const secret of ['Wall squat', 'Glute bridge', 'Quintanilla', 'M54', 'Low back pain']) {
        expect(text).not.toContain(secret);
      }
    }

    const [audit] = await auditRows(t.database.db, 'handout.email', patient.id);
    expect(audit).toMatchObject({
      outcome: 'success',
      actorUserId: home.therapist.id,
      clinicId: home.clinic.id,
      patientId: patient.id,
      detail: { language: 'en', exercises: 2, attached: false },
    });
    expect(JSON.stringify(audit!.detail)).not.toContain(patient.email);
  });

  it("attaches the PDF in the patient's language when the clinic allows attachments", async () => {
    await allowAttachments(true);
    try {
      const patient = await patientWith(['Calf raise']);
      const res = await call.post(emailUrl(patient.id), home.manager.token, { language: 'es' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ to: patient.email, attached: true, status: 'sent' });

      const row = await outboxTo(patient.email);
      expect(row.subject).toBe('Su programa de ejercicios');
      expect(row.body).toContain(
        'Su clínica le envió su programa de ejercicios. Inicie sesión en Rehabit para verlo: http://rehabit.test/patient/login',
      );
      expect(row.body).not.toContain('Calf raise');
      // The outbox names the file and its size, never its content.
      expect(row.attachments).toEqual([
        { filename: `exercise-program-${patient.id}-es.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
      ]);

      const mail = received.find((m) => m.to.includes(patient.email))!;
      const [file, ...others] = attachmentsOf(mail.raw);
      expect(others).toEqual([]);
      expect(file).toMatchObject({ name: `exercise-program-${patient.id}-es.pdf`, type: 'application/pdf' });
      expect(file!.content.subarray(0, 8).toString()).toBe('%PDF-1.7');
      expect(file!.content.byteLength).toBe(row.attachments[0]!.size);
      const text = await pdfText(file!.content);
      expect(text).toContain('Su programa de ejercicios en casa');
      expect(text).toContain('1. Calf raise');
      expect(text).not.toContain('Quintanilla');

      expect(await auditRows(t.database.db, 'handout.email', patient.id)).toMatchObject([
        {
          actorUserId: home.manager.id,
          clinicId: home.clinic.id,
          detail: { language: 'es', exercises: 1, attached: true },
        },
      ]);

      // The demo outbox says a file went, its name and size, and nothing of it.
      const outboxPage = await t.app.inject({
        url: '/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { accept: 'text/html' },
      });
      expect(outboxPage.body).toContain(`exercise-program-${patient.id}-es.pdf (application/pdf, `);
      const listed = (await t.app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' })).json().results;
      expect(listed.find((m: { to: string }) => m.to === patient.email).attachments).toEqual([
        {
          filename: `exercise-program-${patient.id}-es.pdf`,
          content_type: 'application/pdf',
          size: file!.content.byteLength,
        },
      ]);
    } finally {
      await allowAttachments(false);
    }
  });

  it('refuses a patient without an e-mail address, an empty program, another language and another clinic', async () => {
    const sentBefore = received.length;
    const noEmail = await patientWith(['Wall squat'], { email: undefined });
    const missing = expectProblem(await call.post(emailUrl(noEmail.id), token, { language: 'en' }), 409, 'conflict');
    expect(missing.detail).toMatch(/no e-mail address/);

    const empty = await patientWith([]);
    const nothing = expectProblem(await call.post(emailUrl(empty.id), token, { language: 'en' }), 409, 'conflict');
    expect(nothing.detail).toMatch(/no exercises/);

    const patient = await patientWith(['Wall squat']);
    const french = expectProblem(
      await call.post(emailUrl(patient.id), token, { language: 'fr' }),
      400,
      'validation_failed',
    );
    expect(french.errors).toHaveProperty('language');
    expectProblem(await call.post(emailUrl(patient.id), token, {}), 400, 'validation_failed');

    expectProblem(await call.post(emailUrl(patient.id), away.therapist.token, { language: 'en' }), 404, 'not_found');
    const denied = (await auditRows(t.database.db, 'handout.email')).filter(
      (row) => row.outcome === 'denied' && row.actorUserId === away.therapist.id,
    );
    expect(denied).toMatchObject([{ clinicId: away.clinic.id, patientId: null, detail: { patient_id: patient.id } }]);
    expectProblem(await call.post(emailUrl(patient.id), undefined, { language: 'en' }), 401);

    expect(received.length).toBe(sentBefore);
    for (const id of [noEmail.id, empty.id, patient.id]) {
      expect(await auditRows(t.database.db, 'handout.email', id)).toEqual([]);
    }
  });
});
