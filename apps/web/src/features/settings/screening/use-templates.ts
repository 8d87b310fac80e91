import { ui, type TScreeningCriteria } from '@tradebot/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useMutationToast } from '../../../lib/use-mutation-toast';

/** Built-in templates (with a description) and the user's own; save and delete the latter. */
export function useTemplates() {
  const trpc = useTRPC();
  const run = useMutationToast();
  const templates = useQuery(trpc.screener.templates.queryOptions());
  const key = trpc.screener.templates.queryKey();
  const save = useMutation(trpc.screener.saveTemplate.mutationOptions());
  const remove = useMutation(trpc.screener.deleteTemplate.mutationOptions());

  const list = templates.data ?? [];
  return {
    templates,
    builtIn: list.filter((t) => t.description !== undefined),
    custom: list.filter((t) => t.description === undefined),
    saving: save.isPending,
    /** A name is required; returns whether it was saved. */
    async save(name: string, criteria: TScreeningCriteria): Promise<boolean> {
      if (name.trim() === '') {
        notify.error(ui.customTemplateNameRequired);
        return false;
      }
      const saved = await run(() => save.mutateAsync({ name, criteria }), {
        success: (answer) => answer.message,
        failure: ui.saveTemplateFailed,
        refresh: [key],
      });
      return saved.ok;
    },
    async remove(name: string) {
      await run(() => remove.mutateAsync({ name }), {
        success: (answer) => answer.message,
        failure: ui.deleteTemplateFailed,
        refresh: [key],
      });
    },
  };
}
