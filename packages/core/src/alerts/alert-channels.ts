import type { TAlertKind, TWebhookFormat } from '@tradebot/api-contract';
import { postJson, sanitiseExcerpt } from './http-post.js';
import { checkWebhookTarget, WebhookRefused, type Resolver } from './webhook-guard.js';

/** One alert as the channels send it. */
export interface AlertMessage {
  kind: TAlertKind | 'fold' | 'test';
  username: string;
  text: string;
  data?: Record<string, unknown>;
}

/** A receiver's refusal: retried by the queue, shown as is by "Send test alert". */
export class AlertSendError extends Error {}

export const alertTitles: Record<AlertMessage['kind'], string> = {
  fill: 'Fill',
  rejection: 'Order problem',
  halt: 'Drawdown halt',
  kill_switch: 'Kill switch',
  bot_error: 'Bot error',
  daily_summary: 'Daily summary',
  fold: 'More alerts',
  test: 'Test alert',
};

export const alertLine = (message: AlertMessage) =>
  `Tradebot · ${alertTitles[message.kind]}: ${message.text}`;

/** The JSON a webhook receives, by format. */
export function webhookPayload(format: TWebhookFormat, message: AlertMessage): unknown {
  if (format === 'slack') return { text: alertLine(message) };
  if (format === 'discord') return { content: alertLine(message) };
  return {
    event: message.kind,
    user: message.username,
    text: message.text,
    data: message.data ?? {},
  };
}

export interface ChannelOptions {
  allowPrivate: boolean;
  resolve?: Resolver | undefined;
  /** https://api.telegram.org unless a test points it elsewhere. */
  telegramApi?: string | undefined;
}

function refusal(status: number, body: string, secrets: string[]): AlertSendError {
  const excerpt = sanitiseExcerpt(body, secrets);
  return new AlertSendError(`The receiver answered ${status}${excerpt ? `: ${excerpt}` : ''}`);
}

function networkError(error: unknown, secrets: string[]): AlertSendError {
  const text = error instanceof Error ? error.message : String(error);
  return new AlertSendError(`The receiver could not be reached: ${sanitiseExcerpt(text, secrets)}`);
}

/** Telegram Bot API sendMessage: POST /bot<token>/sendMessage {chat_id, text}. */
export async function sendTelegram(
  token: string,
  chatId: string,
  message: AlertMessage,
  options: ChannelOptions,
): Promise<void> {
  const base = options.telegramApi ?? 'https://api.telegram.org';
  const url = new URL(`${base}/bot${token}/sendMessage`);
  let answer;
  try {
    answer = await postJson(url, { chat_id: chatId, text: alertLine(message) });
  } catch (error) {
    throw networkError(error, [token]);
  }
  if (answer.status < 200 || answer.status >= 300)
    throw refusal(answer.status, answer.body, [token]);
}

/** The webhook, checked against the private network again at send time (DNS rebinding). */
export async function sendWebhook(
  rawUrl: string,
  format: TWebhookFormat,
  message: AlertMessage,
  options: ChannelOptions,
): Promise<void> {
  const target = await checkWebhookTarget(rawUrl, options);
  const secrets = [rawUrl, target.url.pathname, target.url.search].filter((s) => s.length > 1);
  let answer;
  try {
    answer = await postJson(target.url, webhookPayload(format, message), {
      address: target.address,
      family: target.family,
    });
  } catch (error) {
    if (error instanceof WebhookRefused) throw error;
    throw networkError(error, secrets);
  }
  if (answer.status < 200 || answer.status >= 300)
    throw refusal(answer.status, answer.body, secrets);
}
