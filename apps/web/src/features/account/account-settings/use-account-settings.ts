import type { TAccountSettingsOutput } from '@tradebot/api-contract';
import { ui } from '@tradebot/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FormResult } from '../../../components/result-alert';
import { errorCode, serverDetail, useTRPC } from '../../../lib/trpc';
import { useAuth } from '../../auth/auth-context';
import { emptyDraft, toPayload, validateDraft } from './account-settings-draft';

/** Held by the page, not the form: a draft survives the loader shown while settings reload. */
export function useAccountSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { verify, expire } = useAuth();
  const settings = useQuery(trpc.account.settings.queryOptions());
  const save = useMutation(trpc.account.updateSettings.mutationOptions());
  const [draft, setDraft] = useState(emptyDraft);
  const [result, setResult] = useState<FormResult | null>(null);
  const [confirmingLive, setConfirmingLive] = useState(false);

  const saved = settings.data;
  useEffect(() => {
    if (errorCode(settings.error) === 'UNAUTHORIZED') expire();
  }, [settings.error, expire]);
  useEffect(() => {
    if (saved) setDraft((current) => ({ ...current, environment: saved.alpaca_environment }));
  }, [saved]);

  const submit = async (liveConfirmed = false) => {
    const invalid = validateDraft(draft, saved);
    if (invalid) return setResult({ ok: false, text: invalid });
    // Switching to live trades real money: ask first (saving live again does not ask).
    if (draft.environment === 'live' && saved?.alpaca_environment !== 'live' && !liveConfirmed)
      return setConfirmingLive(true);
    setConfirmingLive(false);
    setResult(null);
    try {
      const {
        message: _message,
        is_onboarded: _onboarded,
        ...masks
      } = await save.mutateAsync(toPayload(draft));
      // The answer already holds the new masks: no second request to show them.
      queryClient.setQueryData<TAccountSettingsOutput>(trpc.account.settings.queryKey(), masks);
      setDraft(emptyDraft(masks.alpaca_environment));
      setResult({ ok: true, text: ui.settingsSaved });
      // Saving can complete onboarding, which changes where the app sends the user.
      void verify(true);
    } catch (caught) {
      setResult({ ok: false, text: serverDetail(caught, ui.settingsSaveFailed) });
    }
  };

  return {
    settings,
    saved,
    draft,
    setDraft,
    result,
    clearResult: () => setResult(null),
    submit: () => submit(false),
    saving: save.isPending,
    liveConfirm: {
      opened: confirmingLive,
      onCancel: () => setConfirmingLive(false),
      onConfirm: () => void submit(true),
    },
  };
}
