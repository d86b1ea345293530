import { firstName } from '../../../shared/format';
import type { MailAttachment } from '../../db/schema';
import { escapeHtml } from '../../lib/html';

/** "Dag Emma," from a full name; "Dag daar," without one. */
export const greetingName = (fullName: string | null | undefined) => firstName(fullName) || 'daar';

/** Dutch e-mails, each with an HTML and a plain-text body. */
export interface EmailContent {
  template: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent along (issue 27: a date's `.ics` invitation). */
  attachments?: MailAttachment[];
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#9f1239;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">Werkt de knop niet? Kopieer dan deze link in je browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#fdf2f4;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;color:#881337;margin:0 0 20px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:13px;color:#555">Hartelijke groet,<br>Het Koppel-team</p>
</div></body></html>`;
}

function plain(paragraphs: string[], action?: { label: string; url: string }): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label}: ${action.url}`);
  lines.push('Hartelijke groet,\nHet Koppel-team');
  return lines.join('\n\n');
}

/** An e-mail in the house layout: the subject as its title, paragraphs, an optional button. */
export function email(
  template: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  return { template, subject, html: layout(subject, paragraphs, action), text: plain(paragraphs, action) };
}
