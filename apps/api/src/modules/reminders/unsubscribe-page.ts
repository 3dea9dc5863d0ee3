/** Whether the caller is a browser asking for a page (a person who followed the e-mail's link). */
export const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The unsubscribe link's page: a confirmation with one button (a link opened by a mail scanner changes nothing),
 * then the result. In English and Spanish together: the link carries no language.
 */
export function unsubscribePage(token: string, done: boolean): string {
  const body = done
    ? `<h1>You will get no more reminder e-mails.</h1><p>No recibirá más recordatorios por correo.</p>`
    : `<h1>Stop reminder e-mails?</h1><p>¿Dejar de recibir recordatorios por correo?</p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Stop / Dejar de recibir</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Rehabit reminders</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;
}
