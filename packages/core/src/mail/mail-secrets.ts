import { aad, type Cipher } from '../security/cipher.js';

/**
 * A mail's secret parts (reset and verification tokens) never enter the outbox's text: the
 * text holds a placeholder, and the values travel beside it encrypted, bound to the mail's
 * Message-ID. Delivery fills them in; every other reader (admin outbox, backups) sees the
 * placeholder, shown as "[redacted]".
 */
export type MailSecrets = Record<string, string>;

export const REDACTED = '[redacted]';
const PLACEHOLDER = /\{\{secret:([a-z]+)\}\}/g;

/** The placeholder a mail text uses where the secret `name` goes. */
export const secretSlot = (name: string) => `{{secret:${name}}}`;

export function fillSecrets(template: string, secrets: MailSecrets): string {
  return template.replace(PLACEHOLDER, (slot, name: string) => {
    const value = secrets[name];
    if (value === undefined) throw new Error(`Mail secret "${name}" is missing`);
    return value;
  });
}

export function redactSecrets(template: string): string {
  return template.replace(PLACEHOLDER, REDACTED);
}

export function sealSecrets(cipher: Cipher, messageId: string, secrets: MailSecrets): string {
  return cipher.encrypt(JSON.stringify(secrets), aad.mailSecrets(messageId));
}

export function openSecrets(cipher: Cipher, messageId: string, sealed: string): MailSecrets {
  return JSON.parse(cipher.decrypt(sealed, aad.mailSecrets(messageId))) as MailSecrets;
}
