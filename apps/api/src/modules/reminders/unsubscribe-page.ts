/** Whether the caller is a browser asking for a page (a person who followed the e-mail's link). */
export const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The unsubscribe link's page: a confirmation with one button (a link opened by a mail scanner changes nothing),
 * then the result. In English and Spanish together: the link carries no language.
 */
export function unsubscribePage(token: string, done: boolean): string {
  return page(
    done
      ? `<h1>You will get no more reminder e-mails.</h1><p>No recibirá más recordatorios por correo.</p>`
      : `<h1>Stop reminder e-mails?</h1><p>¿Dejar de recibir recordatorios por correo?</p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Stop / Dejar de recibir</button></form>`,
  );
}

/** A link that is not ours, or cut short by the mail program: said plainly, in both languages. */
export const invalidLinkPage = () =>
  page(`<h1>This unsubscribe link is not valid.</h1><p>Open the link from the latest reminder e-mail, or reply STOP to a
reminder text. You can also change your reminders in the app.</p>
<h1 lang="es">Este enlace para darse de baja no es válido.</h1><p lang="es">Abra el enlace del último correo de
recordatorio o responda STOP a un mensaje de recordatorio. También puede cambiar sus recordatorios en la aplicación.</p>`);

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Rehabit reminders</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;
