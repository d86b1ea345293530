import { firstName } from '../../../shared/format';
import { AGENCY_CONTACT } from '../../../shared/site';
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

/** Issue 30: who sends every e-mail (the agency's contact details, shared/site.ts). */
const SENDER_LINES = [
  `${AGENCY_CONTACT.legal_name} · ${AGENCY_CONTACT.street}, ${AGENCY_CONTACT.postal_code} ${AGENCY_CONTACT.city}, ${AGENCY_CONTACT.country}`,
  AGENCY_CONTACT.email,
];

/**
 * Where an optional e-mail's opt-out line goes (`withOptOut`, when the outbox stores it): the
 * layout does not know the install's address, the outbox does.
 */
const OPT_OUT_SLOT = '<!--koppel:opt-out-->';

/**
 * Issue 30: the wordmark as styled text, not an image: an e-mail loads nothing from elsewhere (a
 * remote logo would tell a tracker that the mail was opened) and reads the same with images off.
 */
const WORDMARK = `<p style="margin:0 0 24px;font-family:Georgia,'Times New Roman',serif;font-size:28px;font-weight:700;letter-spacing:0.5px;color:#9f1239">Koppel<span style="color:#be123c">&#9829;</span></p>`;

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#9f1239;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">Werkt de knop niet? Kopieer dan deze link in je browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const sender = SENDER_LINES.map(escapeHtml).join('<br>');
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#fdf2f4;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
${WORDMARK}
<h1 style="font-size:22px;color:#881337;margin:0 0 20px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:32px 0 0;font-size:13px;color:#555">Hartelijke groet,<br>Het Koppel-team</p>
</div>
<div style="max-width:560px;margin:16px auto 0;font-size:12px;color:#555;text-align:center">${OPT_OUT_SLOT}<p style="margin:0">${sender}</p></div>
</body></html>`;
}

function plain(paragraphs: string[], action?: { label: string; url: string }): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label}: ${action.url}`);
  lines.push('Hartelijke groet,\nHet Koppel-team');
  lines.push(`--\n${SENDER_LINES.join('\n')}`);
  return lines.join('\n\n');
}

/**
 * Issue 30: an optional e-mail (one the settings let a person switch off) says how to stop it,
 * with a link to the settings where it is switched off. Required e-mails get no such line.
 */
export function withOptOut<T extends { html: string; text: string }>(content: T, settingsUrl: string): T {
  const sentence = 'Je krijgt deze e-mail omdat hij aanstaat in je instellingen.';
  const html = `<p style="margin:0 0 8px">${sentence} <a href="${escapeHtml(settingsUrl)}" style="color:#881337">Zet deze e-mails uit in je instellingen</a>.</p>`;
  return {
    ...content,
    html: content.html.includes(OPT_OUT_SLOT)
      ? content.html.replace(OPT_OUT_SLOT, html)
      : content.html.replace('</body>', `${html}</body>`),
    text: `${content.text}\n\n${sentence} Zet deze e-mails uit in je instellingen: ${settingsUrl}`,
  };
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
