import type { OutboxMessage } from '@rehabit/contract';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text whose web addresses (password-reset and invitation links) can be followed. */
const withLinks = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

/** A browser opening the outbox lists `text/html` first; API clients and tests ask for JSON or anything. */
export const wantsPage = (accept: string | undefined) => /^\s*text\/html/i.test(accept ?? '');

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** A file's size as a person reads it. */
const sizeOf = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} kB`);

/** The files an e-mail carried, named with their sizes: their content is never kept (decision 1415). */
function attachmentList(message: OutboxMessage) {
  if (message.attachments.length === 0) return '';
  const items = message.attachments
    .map((file) => `<li>${escapeHtml(file.filename)} (${escapeHtml(file.content_type)}, ${sizeOf(file.size)})</li>`)
    .join('');
  return `<p class="files">Attached:</p><ul>${items}</ul>`;
}

function messageCard(message: OutboxMessage) {
  const kind = { sms: 'Text message', email: 'E-mail', push: 'Push notification' }[message.channel];
  const subject = message.subject ? `<p class="subject">${escapeHtml(message.subject)}</p>` : '';
  return `<article>
  <header><strong>${kind} to ${escapeHtml(message.to)}</strong>
  <span class="meta"><time datetime="${escapeHtml(message.created_at)}">${when(message.created_at)}</time> · ${escapeHtml(message.status)}</span></header>
  ${subject}<pre>${withLinks(message.body)}</pre>${attachmentList(message)}
</article>`;
}

/**
 * The demo outbox as a page a person reads (decision 1251): each e-mail and text, newest first, with its links
 * clickable. The same answer as the JSON, only drawn; no script, so the API's content policy holds.
 */
export function outboxPage(messages: OutboxMessage[]) {
  const list =
    messages.length === 0
      ? '<p class="empty">Nothing has been sent yet. Codes and e-mails appear here as they are sent.</p>'
      : messages.map(messageCard).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Rehabit demo</title>
<style>
  body { margin: 0 auto; max-width: 760px; padding: 24px 16px; font: 16px/1.5 system-ui, sans-serif; color: #0f172a; background: #f8fafc; }
  h1 { margin: 0 0 4px; font-size: 24px; }
  .lead { margin: 0 0 20px; color: #475569; }
  article { margin: 0 0 12px; padding: 12px 16px; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; }
  header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; }
  .meta { color: #475569; font-size: 14px; }
  .subject { margin: 8px 0 0; font-weight: 600; }
  .files { margin: 8px 0 0; font-weight: 600; }
  ul { margin: 4px 0 0; padding-left: 20px; }
  pre { margin: 8px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; }
  a { color: #0f766e; }
</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p class="lead">Demo mode: the latest e-mails and text messages the portal wrote, newest first, each with its delivery status (queued: it reached nobody). Reload the page for new ones.</p>
${list}
</main>
</body>
</html>`;
}
