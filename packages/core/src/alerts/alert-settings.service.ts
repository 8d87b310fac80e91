import {
  AppError,
  type TAlertChannel,
  type TAlertSettingsInput,
  type TAlertSettingsOutput,
  type TAlertTestOutput,
} from '@tradebot/api-contract';
import {
  alertEmailOf,
  findAlertSettings,
  saveAlertSettings,
  type AlertSettingsRow,
} from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';
import { aad } from '../security/cipher.js';
import type { SessionInfo } from '../types.js';
import { AlertSendError } from './alert-channels.js';
import { sendAlert, type AlertTarget } from './alert-send.js';
import { checkWebhookTarget, WebhookRefused } from './webhook-guard.js';

type Deps = Pick<ServiceDeps, 'db' | 'cipher' | 'limiter' | 'mailer' | 'alerts' | 'appUrl'>;

export const alertTexts = {
  saved: 'Alert settings saved.',
  testSent: (channel: TAlertChannel) =>
    channel === 'email'
      ? 'Test alert mail queued for delivery.'
      : `Test alert sent: the ${channel === 'telegram' ? 'Telegram bot' : 'webhook'} accepted it.`,
  notConfigured: (channel: TAlertChannel) =>
    channel === 'telegram'
      ? 'Save a Telegram bot token and chat id first.'
      : 'Save a webhook address first.',
  cannotRead: 'The saved alert secret cannot be read any more; enter it again.',
  testText: 'This is a test alert from your Tradebot account.',
} as const;

const DEFAULTS: AlertSettingsRow = {
  emailEnabled: false,
  telegramEnabled: false,
  telegramTokenEnc: null,
  telegramChatId: null,
  webhookEnabled: false,
  webhookUrlEnc: null,
  webhookFormat: 'json',
  onFills: true,
  onRejections: true,
  onHalts: true,
  onKillSwitch: true,
  onBotErrors: true,
  onDailySummary: false,
  summarySession: null,
};

/** 123456789 → 12…89: enough to recognise, not to copy. */
export const maskChatId = (chatId: string) =>
  chatId.length <= 4 ? '…' : `${chatId.slice(0, 2)}…${chatId.slice(-2)}`;

function view(row: AlertSettingsRow, email: string): TAlertSettingsOutput {
  const telegramSet = row.telegramTokenEnc !== null && row.telegramChatId !== null;
  const chat = row.telegramChatId === null ? null : maskChatId(row.telegramChatId);
  const webhookSet = row.webhookUrlEnc !== null;
  return {
    email: { enabled: row.emailEnabled, address: email },
    telegram: {
      enabled: row.telegramEnabled,
      configured: telegramSet,
      chat_id: chat,
      summary: telegramSet ? `telegram: configured, chat id ${chat}` : 'telegram: not configured',
    },
    webhook: {
      enabled: row.webhookEnabled,
      configured: webhookSet,
      format: row.webhookFormat as TAlertSettingsOutput['webhook']['format'],
      summary: webhookSet
        ? `webhook: configured (${row.webhookFormat})`
        : 'webhook: not configured',
    },
    events: {
      fills: row.onFills,
      rejections: row.onRejections,
      halts: row.onHalts,
      kill_switch: row.onKillSwitch,
      bot_errors: row.onBotErrors,
      daily_summary: row.onDailySummary,
    },
  };
}

/** The decrypted channel targets of a user (the worker's and the test button's side only). */
export async function alertTargets(
  deps: Pick<ServiceDeps, 'db' | 'cipher'>,
  userId: number,
): Promise<{ row: AlertSettingsRow; target: AlertTarget } | null> {
  const [row, user] = await Promise.all([
    findAlertSettings(deps.db, userId),
    alertEmailOf(deps.db, userId),
  ]);
  if (row === null || user === null) return null;
  const open = (enc: string | null, data: string) => {
    if (enc === null) return null;
    try {
      return deps.cipher.decrypt(enc, data);
    } catch {
      return null;
    }
  };
  return {
    row,
    target: {
      userId,
      email: user.email,
      username: user.username,
      telegramToken: open(row.telegramTokenEnc, aad.alertTelegramToken(userId)),
      telegramChatId: row.telegramChatId,
      webhookUrl: open(row.webhookUrlEnc, aad.alertWebhookUrl(userId)),
      webhookFormat: row.webhookFormat as AlertTarget['webhookFormat'],
    },
  };
}

/** Account settings' Alerts card: read, save, send a test. Secrets go in, never out. */
export function alertSettingsService(deps: Deps) {
  const { db, cipher } = deps;

  async function read(userId: number): Promise<TAlertSettingsOutput> {
    const [row, user] = await Promise.all([
      findAlertSettings(db, userId),
      alertEmailOf(db, userId),
    ]);
    return view(row ?? DEFAULTS, user?.email ?? '');
  }

  async function save(session: SessionInfo, input: TAlertSettingsInput) {
    const { userId } = session;
    await deps.limiter.consume('alertSaveAccount', String(userId));
    const data: Parameters<typeof saveAlertSettings>[2] = {};
    if (input.email) data.emailEnabled = input.email.enabled;
    const telegram = input.telegram;
    if (telegram?.enabled !== undefined) data.telegramEnabled = telegram.enabled;
    if (telegram?.bot_token !== undefined)
      data.telegramTokenEnc =
        telegram.bot_token === ''
          ? null
          : cipher.encrypt(telegram.bot_token, aad.alertTelegramToken(userId));
    if (telegram?.chat_id !== undefined)
      data.telegramChatId = telegram.chat_id === '' ? null : telegram.chat_id;
    const webhook = input.webhook;
    if (webhook?.enabled !== undefined) data.webhookEnabled = webhook.enabled;
    if (webhook?.format !== undefined) data.webhookFormat = webhook.format;
    if (webhook?.url !== undefined) {
      if (webhook.url === '') data.webhookUrlEnc = null;
      else {
        try {
          await checkWebhookTarget(webhook.url, deps.alerts);
        } catch (error) {
          if (error instanceof WebhookRefused) throw new AppError('BAD_REQUEST', error.message);
          throw error;
        }
        data.webhookUrlEnc = cipher.encrypt(webhook.url, aad.alertWebhookUrl(userId));
      }
    }
    const events = input.events;
    if (events) {
      if (events.fills !== undefined) data.onFills = events.fills;
      if (events.rejections !== undefined) data.onRejections = events.rejections;
      if (events.halts !== undefined) data.onHalts = events.halts;
      if (events.kill_switch !== undefined) data.onKillSwitch = events.kill_switch;
      if (events.bot_errors !== undefined) data.onBotErrors = events.bot_errors;
      if (events.daily_summary !== undefined) data.onDailySummary = events.daily_summary;
    }
    await saveAlertSettings(db, userId, data);
    return { message: alertTexts.saved, settings: await read(userId) };
  }

  /** "Send test alert": sent now (not queued), so the answer says what the receiver said. */
  async function test(session: SessionInfo, channel: TAlertChannel): Promise<TAlertTestOutput> {
    await deps.limiter.consume('alertTestAccount', String(session.userId));
    const found = await alertTargets(deps, session.userId);
    const user = await alertEmailOf(db, session.userId);
    const target: AlertTarget = found?.target ?? {
      userId: session.userId,
      email: user?.email ?? '',
      username: user?.username ?? session.username,
      telegramToken: null,
      telegramChatId: null,
      webhookUrl: null,
      webhookFormat: 'json',
    };
    if (channel === 'telegram' && (!target.telegramToken || !target.telegramChatId))
      throw new AppError('BAD_REQUEST', alertTexts.notConfigured(channel));
    if (channel === 'webhook' && !target.webhookUrl)
      throw new AppError('BAD_REQUEST', alertTexts.notConfigured(channel));
    try {
      await sendAlert(deps, target, channel, {
        kind: 'test',
        username: target.username,
        text: alertTexts.testText,
      });
    } catch (error) {
      if (error instanceof AlertSendError || error instanceof WebhookRefused)
        return { ok: false, message: error.message };
      throw error;
    }
    return { ok: true, message: alertTexts.testSent(channel) };
  }

  return { read, save, test };
}
