import { type MergeValues, formatUtcDateTime } from '@svp/domain';
import type { MailMessage } from './mail.service.js';
import { escapeHtml } from '../common/html.js';
import { type MessageRendering, fillMessageBody, renderSubject } from './markdown.js';

/** What every message names: the conference, where to write, where the portal is. */
export interface MailContext {
  conferenceName: string;
  contactEmail: string;
  publicUrl: string;
  /** A referee's personal link, made when the email is sent (the ledger holds the reference's id and nonce, never the token). */
  referenceLink?: (referenceId: number, nonce: string) => string;
  /** An organisers' message as written, by id (the ledger holds each recipient's merge values, not the text). */
  message?: (messageId: number) => OrganisersMessage | undefined;
}

/** An organisers' or team leader's message: the subject as written (merge fields in it) and the body rendered once. */
export interface OrganisersMessage {
  subject: string;
  body: MessageRendering;
  /** Who signs it: 'The SIGGRAPH 2026 Student Volunteers team', 'Ada Lovelace, team leader of Room 1'. */
  from: string;
}

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

/** The closing lines of every HTML email: the contact address and the portal. */
function htmlFooter(context: MailContext): string {
  const contact = escapeHtml(context.contactEmail);
  const portal = escapeHtml(context.publicUrl);
  return (
    `<hr><p style="font-size:12px;color:#555">Questions? Write to <a href="mailto:${contact}">${contact}</a>.<br>` +
    `${escapeHtml(context.conferenceName)} Student Volunteers · <a href="${portal}">${portal}</a></p>`
  );
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
      ? `<p><a href="${escapeHtml(body.highlight.href)}">${escapeHtml(body.highlight.text)}</a></p>` +
        `<p style="font-size:12px;color:#555">${escapeHtml(body.highlight.href)}</p>`
      : `<p style="font-size:28px;letter-spacing:4px;font-weight:bold">${escapeHtml(body.highlight.text)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(body.greeting)}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${highlight}
${(body.closing ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${htmlFooter(context)}
</body></html>`;
  return { to, subject: body.subject, text, html, summary: body.summary };
}

export function verificationCodeMail(to: string, firstName: string, code: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your verification code`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thank you for signing up to apply as a ${context.conferenceName} Student Volunteer. ` +
        `Enter this code in the portal to confirm your email address. It is valid for 24 hours.`,
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
      'Someone (hopefully you) asked to reset the password of your Student Volunteer account. ' +
        'Open this link within an hour to choose a new password:',
    ],
    highlight: { text: 'Reset my password', href: link },
    closing: [
      `Or enter this code on the reset form: ${code}`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
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

/** To the address an account had until now, when its owner (or whoever holds their password) changed it. */
export function emailChangedMail(to: string, firstName: string, newEmail: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your email address was changed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `The email address of your Student Volunteer account was just changed from this one to ${newEmail}, ` +
        `and every device that was signed in has been signed out. Emails about your application now go to the new address.`,
      `If this was not you, write to ${context.contactEmail} right away: someone who knows your password may be using your account.`,
    ],
  });
}

const inDays = (days: number) => (days === 1 ? 'in 1 day' : `in ${days} days`);

export function teamLeaderClosedMail(to: string, firstName: string, applicationEndDate: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: Team Leader applications have closed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'The deadline for Team Leader applications has passed, so your application no longer includes the Team Leader option.',
      `You can still finish it as a Student Volunteer application until ${formatUtcDateTime(applicationEndDate)}.`,
    ],
    highlight: { text: 'Continue my application', href: `${context.publicUrl}/application` },
  });
}

export function applicationReminderMail(
  to: string,
  firstName: string,
  applicationEndDate: string,
  daysLeft: number,
  context: MailContext,
): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: applications close ${inDays(daysLeft)}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your Student Volunteer application is not submitted yet. ` +
        `Applications close on ${formatUtcDateTime(applicationEndDate)}, and late submissions are never accepted.`,
    ],
    highlight: { text: 'Finish my application', href: `${context.publicUrl}/application` },
  });
}

export type DecisionOutcome = 'offered' | 'waitlisted' | 'rejected';

export function decisionMail(
  to: string,
  firstName: string,
  decision: { outcome: DecisionOutcome; confirmBy?: string; teamLeader?: boolean },
  context: MailContext,
): MailMessage {
  const subject = `${context.conferenceName} Student Volunteers: your application`;
  const greeting = `Hi ${firstName},`;
  if (decision.outcome === 'offered') {
    const role = decision.teamLeader ? 'Team Leader' : 'Student Volunteer';
    return compose(to, context, {
      subject: `${context.conferenceName} Student Volunteers: you are offered a place`,
      greeting,
      paragraphs: [
        `Congratulations! You are offered a place as a ${context.conferenceName} ${role}.`,
        `Please confirm or decline your place by ${formatUtcDateTime(decision.confirmBy!)}. An offer that is not confirmed by then lapses.`,
      ],
      highlight: { text: 'Confirm my place', href: `${context.publicUrl}/confirmation` },
    });
  }
  if (decision.outcome === 'waitlisted') {
    return compose(to, context, {
      subject,
      greeting,
      paragraphs: [
        'Thank you for applying. We could not offer you a place yet, but you are on the waitlist.',
        'If a place becomes free, we will email you an offer. Your dashboard always shows the current status of your application.',
      ],
      highlight: { text: 'Open my dashboard', href: `${context.publicUrl}/dashboard` },
    });
  }
  return compose(to, context, {
    subject,
    greeting,
    paragraphs: [
      'Thank you for applying. We received many more applications than we have places, ' +
        'and we are sorry that we cannot offer you a place this year.',
      'We hope you will apply again next year.',
    ],
  });
}

export function confirmationReminderMail(
  to: string,
  firstName: string,
  confirmBy: string,
  daysLeft: number,
  context: MailContext,
): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: confirm your place ${inDays(daysLeft)}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `You are offered a place, and it is not confirmed yet. Please confirm or decline it by ${formatUtcDateTime(confirmBy)}; ` +
        `after that the offer lapses and the place goes to someone on the waitlist.`,
    ],
    highlight: { text: 'Confirm my place', href: `${context.publicUrl}/confirmation` },
  });
}

export function offerLapsedMail(to: string, firstName: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your offer has lapsed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'The deadline to confirm your place has passed without a confirmation, ' +
        'so the offer has lapsed and your application is now marked as declined.',
      `If you think this is a mistake, write to ${context.contactEmail}.`,
    ],
  });
}

/** The archive of a person's data is ready (docs/api.md, 'Personal data'): the link leads to the page that downloads it, signed in. */
export function dataExportReadyMail(to: string, firstName: string, expiresAt: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your data is ready to download`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'The archive of everything the Student Volunteer portal holds about you, which you asked for, is ready.',
      `Sign in and download it from your "My data" page until ${formatUtcDateTime(expiresAt)}; after that it is deleted, ` +
        'and you can ask for a new one at any time.',
      `If you did not ask for it, sign in, change your password, and write to ${context.contactEmail}.`,
    ],
    highlight: { text: 'Download my data', href: `${context.publicUrl}/profile#my-data` },
  });
}

/** A person's account and personal data were erased at their request (docs/decisions.md, 'Erasure on request'). */
export function erasureDoneMail(to: string, firstName: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your personal data has been erased`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      "As you asked, the Student Volunteer portal has erased your personal data: your profile, your applications' answers, " +
        'your files and your messages. Your account is closed and can no longer be signed in to.',
      'What the programme must keep to stay accurate is kept without your name: that a place was filled, hours worked on a shift, ' +
        'counts in the figures of each year.',
      `This is the last email the portal sends to this address. If you did not ask for this, write to ${context.contactEmail}.`,
    ],
  });
}

export function waitlistOfferMail(to: string, firstName: string, confirmBy: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: a place is free for you`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Good news: a place has become free, and it is offered to you from the waitlist as a ${context.conferenceName} Student Volunteer.`,
      `Please confirm or decline it by ${formatUtcDateTime(confirmBy)}. An offer that is not confirmed by then lapses.`,
    ],
    highlight: { text: 'Confirm my place', href: `${context.publicUrl}/confirmation` },
  });
}

export function schedulesReleasedMail(to: string, firstName: string, context: MailContext): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: schedules are out`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'The volunteer schedules are out. Sign in to see your shifts, and remember to arrive at the SV Office 30 minutes before each shift.',
    ],
    highlight: { text: 'See my schedule', href: `${context.publicUrl}/dashboard` },
  });
}

/** The receipt of a submitted application: what was received, when, what happens next, how to see it. */
export function applicationReceivedMail(
  to: string,
  receipt: { firstName: string; submittedAt: string; teamLeader: boolean; financialAid: boolean; resultsBy: string },
  context: MailContext,
): MailMessage {
  const parts = [
    `your ${context.conferenceName} Student Volunteer application`,
    ...(receipt.teamLeader ? ['your Team Leader application'] : []),
    ...(receipt.financialAid ? ['your request for financial aid'] : []),
  ];
  const what = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: we received your application`,
    greeting: `Hi ${receipt.firstName},`,
    paragraphs: [
      `Thank you for applying. We received ${what} on ${formatUtcDateTime(receipt.submittedAt)}.`,
      `What happens next: a jury of Team Leaders reads every application, and you will hear from us ${receipt.resultsBy}. ` +
        `Your application can no longer be changed, but you can read it at any time.`,
    ],
    highlight: { text: 'View my application', href: `${context.publicUrl}/application/view` },
  });
}

/** The receipt of a confirmed place: the role, the days, the hours, and when the schedule comes. */
export function placeConfirmedMail(
  to: string,
  receipt: { firstName: string; role: string; serviceDays: string; hours: number; schedulesReleaseDate: string },
  context: MailContext,
): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your place is confirmed`,
    greeting: `Hi ${receipt.firstName},`,
    paragraphs: [
      `Your place as a ${context.conferenceName} ${receipt.role} is confirmed. Thank you!`,
      `You serve in person from ${receipt.serviceDays}, about ${receipt.hours} hours. ` +
        `Schedules are released on ${formatUtcDateTime(receipt.schedulesReleaseDate)}; we will email you then.`,
      'If your plans change, decline your place from your dashboard as early as you can, so that it can go to someone on the waitlist.',
    ],
    highlight: { text: 'Open my dashboard', href: `${context.publicUrl}/dashboard` },
  });
}

/** A change to someone's shifts after schedules are out: what was added and what was removed, in one email. */
export function scheduleChangedMail(
  to: string,
  notice: { firstName: string; added: string[]; removed: string[] },
  context: MailContext,
): MailMessage {
  const lines = (title: string, shifts: string[]) => (shifts.length ? [`${title}:`, ...shifts.map((s) => `- ${s} (Pacific time)`)] : []);
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your schedule changed`,
    greeting: `Hi ${notice.firstName},`,
    paragraphs: [
      'Your volunteer schedule has changed.',
      ...[lines('New shifts', notice.added).join('\n'), lines('Shifts you no longer work', notice.removed).join('\n')].filter(Boolean),
      'Please check your schedule, and remember to arrive at the SV Office 30 minutes before each shift.',
    ],
    highlight: { text: 'See my schedule', href: `${context.publicUrl}/dashboard` },
  });
}

// The swap notices name shifts as a line, e.g. "Greeter at Exhibit Hall, Sun Aug 10th 08:00–12:00 (Pacific time)".

export function swapRequestedMail(
  to: string,
  firstName: string,
  swap: { requesterName: string; offered: string; asked: string },
  context: MailContext,
): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: ${swap.requesterName} asks to swap shifts with you`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `${swap.requesterName} would like to swap shifts with you.`,
      `You would work: ${swap.offered}`,
      `instead of: ${swap.asked}`,
      'Nothing changes on your schedule unless you accept. Open your swap requests to accept or decline:',
    ],
    highlight: { text: 'See my swap requests', href: `${context.publicUrl}/schedule/swap/list` },
    summary: `swap request from ${swap.requesterName}`,
  });
}

export function swapAcceptedMail(
  to: string,
  firstName: string,
  swap: { partnerName: string; now: string; before: string },
  context: MailContext,
): MailMessage {
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: your shift swap with ${swap.partnerName} is done`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Your shift swap with ${swap.partnerName} was accepted, and your schedule has changed.`,
      `You now work: ${swap.now}`,
      `You no longer work: ${swap.before}`,
      'Please be at the SV Office 30 minutes before your shift to check in.',
    ],
    highlight: { text: 'See my schedule', href: `${context.publicUrl}/schedule/sv` },
    summary: `swap with ${swap.partnerName} accepted`,
  });
}

export function swapAcceptedTeamLeaderMail(
  to: string,
  firstName: string,
  swap: { moves: { name: string; now: string; before: string }[] },
  context: MailContext,
): MailMessage {
  const names = swap.moves.map((m) => m.name).join(' and ');
  return compose(to, context, {
    subject: `${context.conferenceName} Student Volunteers: ${names} swapped shifts`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      'Two volunteers swapped shifts, at least one of them at a venue you lead:',
      ...swap.moves.map((m) => `${m.name} now works ${m.now}, instead of ${m.before}.`),
    ],
    highlight: { text: 'See my schedule', href: `${context.publicUrl}/schedule/tl` },
    summary: `swap between ${names}`,
  });
}

/** What a reference email names: the applicant, the referee, the closing date and the link's makings. */
export interface ReferenceMailParams {
  referenceId: number;
  nonce: string;
  requestNo: number;
  applicantFirstName: string;
  applicantLastName: string;
  refereeFirstName: string;
  refereeLastName: string;
  closesAt: string;
}

function referenceLinkOf(params: ReferenceMailParams, context: MailContext): string {
  if (!context.referenceLink) throw new Error('Reference links cannot be made without the link key.');
  return context.referenceLink(params.referenceId, params.nonce);
}

/** The request a referee gets when applications close (or when a replaced referee is named). */
export function referenceRequestMail(to: string, params: ReferenceMailParams, context: MailContext): MailMessage {
  const applicant = `${params.applicantFirstName} ${params.applicantLastName}`;
  const link = referenceLinkOf(params, context);
  return compose(to, context, {
    subject: `Reference request for ${applicant} — ${context.conferenceName} Student Volunteers`,
    greeting: `Dear ${params.refereeFirstName} ${params.refereeLastName},`,
    paragraphs: [
      `${applicant} has applied to the ${context.conferenceName} Student Volunteer Program and named you as a reference. ` +
        `We would be grateful for your view of them: a few ratings and a short statement of up to 300 words.`,
      `The form needs no account and is open until ${formatUtcDateTime(params.closesAt)}. ${params.applicantFirstName} never sees ` +
        `your answer: only the organisers and the selection jury read it.`,
      'Please do not name the applicant in your statement: the jury reads it without names.',
    ],
    highlight: { text: 'Give my reference', href: link },
    closing: [
      'If you cannot give a reference, you can decline with the same link. ' +
        'Until the closing date you can also correct your answer with it.',
    ],
    summary: `reference link ${link}`,
  });
}

/** The reminder to a referee who has not answered, a week and a day before references close. */
export function referenceReminderMail(to: string, params: ReferenceMailParams & { daysLeft: number }, context: MailContext): MailMessage {
  const applicant = `${params.applicantFirstName} ${params.applicantLastName}`;
  const link = referenceLinkOf(params, context);
  return compose(to, context, {
    subject: `Reminder: reference for ${applicant} closes ${inDays(params.daysLeft)}`,
    greeting: `Dear ${params.refereeFirstName} ${params.refereeLastName},`,
    paragraphs: [
      `${applicant} named you as a reference for the ${context.conferenceName} Student Volunteer Program, ` +
        `and we have not received your answer yet. The form closes on ${formatUtcDateTime(params.closesAt)}; it needs no account.`,
      'Please do not name the applicant in your statement: the jury reads it without names.',
    ],
    highlight: { text: 'Give my reference', href: link },
    closing: ['If you cannot give a reference, you can decline with the same link.'],
    summary: `reference link ${link}`,
  });
}

/**
 * An organisers' message to one recipient: the subject and the rendered body with their merge values
 * (escaped in the HTML part, links absolute to the portal), signed by its author. Answers go to the
 * programme's contact address (Reply-To), since the sender's address takes no mail. `copyNote` heads
 * the organisers' copy of a team leader's message, which goes to that address itself.
 */
export function organisersMessageMail(
  to: string,
  message: OrganisersMessage,
  values: MergeValues,
  context: MailContext,
  copyNote?: string,
): MailMessage {
  const subject = renderSubject(message.subject, values);
  const body = fillMessageBody(message.body, values, context.publicUrl);
  const footer =
    `${message.from}\n\nQuestions? Write to ${context.contactEmail}.\n` +
    `${context.conferenceName} Student Volunteers · ${context.publicUrl}`;
  const text = [...(copyNote ? [copyNote, ''] : []), body.text, '', '— ', footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#222">
${copyNote ? `<p style="padding:8px;background:#f3f3f3">${escapeHtml(copyNote)}</p>\n` : ''}${body.html}
<p>${escapeHtml(message.from)}</p>
${htmlFooter(context)}
</body></html>`;
  return { to, subject: copyNote ? `Copy: ${subject}` : subject, text, html, ...(copyNote ? {} : { replyTo: context.contactEmail }) };
}
