import type { MailMessage } from './mail.service.js';

/** What every message names: the conference, where to write, where the portal is. */
export interface MailContext {
  conferenceName: string;
  contactEmail: string;
  publicUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

interface Body {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** A code or link shown on its own line. */
  highlight?: { text: string; href?: string };
  /** Paragraphs after the highlight. */
  closing?: string[];
  summary?: string;
}

/** Plain-text and HTML bodies from one description, with the conference and the contact address. */
function compose(to: string, context: MailContext, body: Body): MailMessage {
  const footer = `Questions? Write to ${context.contactEmail}.\n${context.conferenceName} Student Volunteers · ${context.publicUrl}`;
  const text = [
    body.greeting,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...(body.highlight ? [body.highlight.href ?? body.highlight.text, ''] : []),
    ...(body.closing ?? []).flatMap((p) => [p, '']),
    footer,
  ].join('\n');
  const highlight = body.highlight
    ? body.highlight.href
      ? `<p><a href="${escapeHtml(body.highlight.href)}">${escapeHtml(body.highlight.text)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(body.highlight.href)}</p>`
      : `<p style="font-size:28px;letter-spacing:4px;font-weight:bold">${escapeHtml(body.highlight.text)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${highlight}
${(body.closing ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<hr><p style="font-size:12px;color:#555">Questions? Write to <a href="mailto:${escapeHtml(context.contactEmail)}">${escapeHtml(context.contactEmail)}</a>.<br>${escapeHtml(context.conferenceName)} Student Volunteers · <a href="${escapeHtml(context.publicUrl)}">${escapeHtml(context.publicUrl)}</a></p>
</body></html>`;
  return { to, subject: body.subject, text, html, summary: body.summary };
}

export function verificationCodeMail(to: string, firstName: string, code: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your verification code`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thank you for signing up to apply as a ${context.conferenceName} Student Volunteer. Enter this code in the portal to confirm your email address. It is valid for 24 hours.`,
    ],
    highlight: { text: code },
    summary: `verification code ${code}`,
  });
}

export function passwordResetMail(to: string, firstName: string, link: string, code: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: reset your password`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'Someone (hopefully you) asked to reset the password of your Student Volunteer account. Open this link within an hour to choose a new password:',
    ],
    highlight: { text: 'Reset my password', href: link },
    closing: [`Or enter this code on the reset form: ${code}`, 'If you did not ask for this, ignore this email: your password stays as it is.'],
    summary: `reset link ${link} (code ${code})`,
  });
}

export function passwordChangedMail(to: string, firstName: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your password was changed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'The password of your Student Volunteer account was just changed, and every device that was signed in has been signed out.',
      `If this was not you, reset your password right away and write to ${context.contactEmail}.`,
    ],
  });
}
