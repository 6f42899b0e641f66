// The two messages the identity feature sends. Links point at the web app's pages; the
// verification token rides in the fragment (#token=), which browsers never send to a server.
import { mailLinkPaths } from '@vitalia/api/identity.contract';
import { linkMail, type MailMessage } from '../../plugins/mailer.ts';

export function verificationMail(to: string, publicUrl: string, token: string): MailMessage {
  return linkMail({
    to,
    subject: 'Confirm your email address for Vitalia',
    intro: 'Welcome to Vitalia. Please confirm that this email address is yours.',
    action: 'Confirm my email address',
    link: `${publicUrl}${mailLinkPaths.verifyEmail}#token=${token}`,
    outro:
      'The link works once, for 24 hours. If you did not create a Vitalia account, ignore this message.',
  });
}

export function resetMail(to: string, publicUrl: string, token: string): MailMessage {
  return linkMail({
    to,
    subject: 'Reset your Vitalia password',
    intro: 'Someone, we hope you, asked to reset the password of your Vitalia account.',
    action: 'Choose a new password',
    link: `${publicUrl}${mailLinkPaths.resetPassword}${token}`,
    outro:
      'The link works once, for 30 minutes. If you did not ask for this, ignore this message: your password stays as it is.',
  });
}
