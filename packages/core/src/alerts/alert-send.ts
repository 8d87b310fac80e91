import type { TAlertChannel, TWebhookFormat } from '@tradebot/api-contract';
import type { ServiceDeps } from '../deps.js';
import {
  alertLine,
  alertTitles,
  AlertSendError,
  sendTelegram,
  sendWebhook,
  type AlertMessage,
} from './alert-channels.js';

/** A user's channels with their secrets decrypted (never stored or logged in this form). */
export interface AlertTarget {
  userId: number;
  email: string;
  username: string;
  telegramToken: string | null;
  telegramChatId: string | null;
  webhookUrl: string | null;
  webhookFormat: TWebhookFormat;
}

/**
 * Sends one alert on one channel. Email goes through the mail outbox and its queue (SMTP or
 * the dev outbox), so "sent" there means handed to the outbox.
 */
export async function sendAlert(
  deps: Pick<ServiceDeps, 'mailer' | 'alerts' | 'appUrl'>,
  target: AlertTarget,
  channel: TAlertChannel,
  message: AlertMessage,
): Promise<void> {
  if (channel === 'email') {
    await deps.mailer.send({
      to: target.email,
      subject: `Tradebot alert: ${alertTitles[message.kind]}`,
      text: `${alertLine(message)}\n\n${deps.appUrl}\n`,
    });
    return;
  }
  if (channel === 'telegram') {
    if (!target.telegramToken || !target.telegramChatId)
      throw new AlertSendError('Telegram is not configured.');
    await sendTelegram(target.telegramToken, target.telegramChatId, message, deps.alerts);
    return;
  }
  if (!target.webhookUrl) throw new AlertSendError('The webhook is not configured.');
  await sendWebhook(target.webhookUrl, target.webhookFormat, message, deps.alerts);
}
