// The last mail of an account's deletion (docs/decisions/0032-account-deletion.md): it has
// happened. The purge queues it after the account row is gone.
import { linkMessage, type MailContent } from '../layout.ts';
import type { MailSite } from '../site.ts';

export function accountDeleted(_values: Record<string, never>, site: MailSite): MailContent {
  return {
    subject: 'Your Vitalia account has been deleted',
    blocks: linkMessage({
      intro:
        'Your Vitalia account has been deleted, as you asked: your profile, readings, assessment, pictures, sessions, sign-in connections, shares, links and reminders are gone. Your orders are kept for the store’s accounts without your name, email, phone or address.',
      action: 'Vitalia',
      link: site.publicUrl,
      outro:
        'You are welcome back at any time: you can register again with this email address. This is the last mail we send you about this account.',
    }),
  };
}
