// Every mail Vitalia sends, by name. A feature sends by naming one and giving its values
// (mailer.send({ to, template: 'reset-password', values })); the name is the mail's purpose on the
// queue, in the log and on the administrators' mail page.
import { composeMail, type MailContent, type MailMessage } from './layout.ts';
import type { MailSite } from './site.ts';
import { accountChange } from './templates/account-change.ts';
import { accountDeleted } from './templates/account-deleted.ts';
import { confirmRegistration } from './templates/confirm-registration.ts';
import { deletionStarted } from './templates/deletion-started.ts';
import { firstLook } from './templates/first-look.ts';
import { orderUpdate } from './templates/order-update.ts';
import { providersRemoved } from './templates/providers-removed.ts';
import { registrationTried } from './templates/registration-tried.ts';
import { reminder } from './templates/reminder.ts';
import { resetPassword } from './templates/reset-password.ts';
import { shareInvite } from './templates/share-invite.ts';
import { verifyEmail } from './templates/verify-email.ts';
import { weeklySummary } from './templates/weekly-summary.ts';

export const mailTemplates = {
  'verify-email': verifyEmail,
  'reset-password': resetPassword,
  'providers-removed': providersRemoved,
  'account-change': accountChange,
  'deletion-started': deletionStarted,
  'account-deleted': accountDeleted,
  'share-invite': shareInvite,
  'first-look': firstLook,
  reminder,
  'weekly-summary': weeklySummary,
  'order-update': orderUpdate,
  'registration-tried': registrationTried,
  'confirm-registration': confirmRegistration,
} as const satisfies Record<string, (values: never, site: MailSite) => MailContent>;

/** A mail's purpose: the name of its template. */
export type MailPurpose = keyof typeof mailTemplates;
export const mailPurposes = Object.keys(mailTemplates) as MailPurpose[];

export type MailValues<P extends MailPurpose> = Parameters<(typeof mailTemplates)[P]>[0];

/** One mail to send: to whom, which template, and its values. */
export type MailOrder = {
  [P in MailPurpose]: { to: string; template: P; values: MailValues<P> };
}[MailPurpose];

/** The message a mail order makes, in text and HTML. */
export function renderMail(order: MailOrder, site: MailSite): MailMessage {
  const template = mailTemplates[order.template] as (
    values: MailOrder['values'],
    site: MailSite,
  ) => MailContent;
  return composeMail(order.to, template(order.values, site));
}
