import { secretSlot } from '../mail/mail-secrets.js';
import type { MailMessage } from '../mail/outbox-mailer.js';

/** The account mails, as texts: one place to read (and later translate) what users receive. */
interface Recipient {
  email: string;
  username: string;
}

/** A link carrying a one-time token: the token is a mail secret, not part of the stored text. */
const tokenLink = (appUrl: string, path: string) => `${appUrl}${path}?token=${secretSlot('token')}`;

export const authMails = {
  verifyEmail: (user: Recipient, appUrl: string, token: string): MailMessage => ({
    to: user.email,
    subject: 'Verify your email address',
    text: `Hello ${user.username},\n\nConfirm your email address by opening this link within 24 hours:\n${tokenLink(appUrl, '/verify-email')}\n`,
    secrets: { token },
  }),
  resetPassword: (user: Recipient, appUrl: string, token: string): MailMessage => ({
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.username},\n\nReset your password within 30 minutes with this link:\n${tokenLink(appUrl, '/reset-password')}\n\nIf you did not ask for this, ignore this email. Your two-factor code is still needed to log in.\n`,
    secrets: { token },
  }),
  passwordChanged: (user: Recipient, at: Date, resetLink: string): MailMessage => ({
    to: user.email,
    subject: 'Your password was changed',
    text: `Hello ${user.username},\n\nThe password of your account was changed on ${at.toUTCString()}. Every other device has been signed out.\n\nIf you did not do this, reset your password now:\n${resetLink}\n`,
  }),
};
