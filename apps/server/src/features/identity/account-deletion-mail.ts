// The two mails of an account's deletion (docs/decisions/0032-account-deletion.md): at the start,
// when it will happen and how to undo it; at the end, that it has happened. Neither holds a
// secret or a link that changes anything.
import { linkMail, type MailMessage } from '../../plugins/mailer.ts';

/** '3 December 2026 at 19:25 UTC': a date nobody reads the wrong way round. */
export function deletionDate(at: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  const time = at.toISOString().slice(11, 16);
  return `${day} at ${time} UTC`;
}

export function deletionStartedMail(to: string, publicUrl: string, purgeAfter: Date): MailMessage {
  const when = deletionDate(purgeAfter);
  return linkMail({
    to,
    subject: `Your Vitalia account will be deleted on ${when}`,
    intro: `You asked for your Vitalia account to be deleted. It will be deleted on ${when}, with your profile, readings, assessment, pictures and reminders; your shares with doctors and your share links have ended, and every device has been signed out. Your orders are kept for the store's accounts, with your name, email, phone and address removed.`,
    action: 'Sign in to restore your account',
    link: `${publicUrl}/account/signin`,
    outro:
      'Changed your mind? Sign in before then and choose "Restore my account": everything comes back except your reminders, shares and links, which you set again. If you did not ask for this, sign in and restore it at once, then change your password.',
  });
}

export function deletionFinishedMail(to: string, publicUrl: string): MailMessage {
  return linkMail({
    to,
    subject: 'Your Vitalia account has been deleted',
    intro:
      'Your Vitalia account has been deleted, as you asked: your profile, readings, assessment, pictures, sessions, sign-in connections, shares, links and reminders are gone. Your orders are kept for the store’s accounts without your name, email, phone or address.',
    action: 'Vitalia',
    link: publicUrl,
    outro:
      'You are welcome back at any time: you can register again with this email address. This is the last mail we send you about this account.',
  });
}
