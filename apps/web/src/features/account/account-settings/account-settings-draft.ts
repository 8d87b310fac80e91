import type {
  TAccountSettingsOutput,
  TTradingEnvironment,
  TUpdateAccountSettingsInput,
} from '@tradebot/api-contract';
import { server } from '@tradebot/api-contract';

export type CredentialField = 'paperKey' | 'paperSecret' | 'liveKey' | 'liveSecret';

export interface AccountSettingsDraft {
  environment: TTradingEnvironment;
  /** What the user typed (empty = keep the saved value). */
  values: Record<CredentialField, string>;
  /** Saved credentials the user asked to remove on save. */
  cleared: Record<CredentialField, boolean>;
}

const MASK_OF: Record<CredentialField, keyof TAccountSettingsOutput> = {
  paperKey: 'paper_key_mask',
  paperSecret: 'paper_secret_mask',
  liveKey: 'live_key_mask',
  liveSecret: 'live_secret_mask',
};

const PAYLOAD_OF = {
  paperKey: 'alpaca_api_key_paper',
  paperSecret: 'alpaca_api_secret_paper',
  liveKey: 'alpaca_api_key_live',
  liveSecret: 'alpaca_api_secret_live',
} as const satisfies Record<CredentialField, keyof TUpdateAccountSettingsInput>;

export const emptyDraft = (environment: TTradingEnvironment = 'paper'): AccountSettingsDraft => ({
  environment,
  values: { paperKey: '', paperSecret: '', liveKey: '', liveSecret: '' },
  cleared: { paperKey: false, paperSecret: false, liveKey: false, liveSecret: false },
});

/** A credential counts when typed, or saved and not marked for clearing. */
function provided(
  draft: AccountSettingsDraft,
  saved: TAccountSettingsOutput | undefined,
  field: CredentialField,
) {
  if (draft.values[field].trim() !== '') return true;
  return !draft.cleared[field] && Boolean(saved?.[MASK_OF[field]]);
}

/** The first validation rule the draft breaks, word for word, or null when it may be saved. */
export function validateDraft(
  draft: AccountSettingsDraft,
  saved?: TAccountSettingsOutput,
): string | null {
  const paper = provided(draft, saved, 'paperKey') && provided(draft, saved, 'paperSecret');
  const live = provided(draft, saved, 'liveKey') && provided(draft, saved, 'liveSecret');
  if (!paper && !live) return server.apiKeysRequired;
  if (draft.environment === 'live' && !live) return server.liveKeysRequired;
  if (draft.environment === 'paper' && !paper) return server.paperKeysRequired;
  return null;
}

/** The save payload: trimmed values, `null` clears, absent keeps. */
export function toPayload(draft: AccountSettingsDraft): TUpdateAccountSettingsInput {
  const payload: TUpdateAccountSettingsInput = { alpaca_environment: draft.environment };
  for (const field of Object.keys(PAYLOAD_OF) as CredentialField[]) {
    const value = draft.values[field].trim();
    if (value !== '') payload[PAYLOAD_OF[field]] = value;
    else if (draft.cleared[field]) payload[PAYLOAD_OF[field]] = null;
  }
  return payload;
}

export const savedMask = (
  saved: TAccountSettingsOutput | undefined,
  field: CredentialField,
): string | null => saved?.[MASK_OF[field]] ?? null;
