import { ui, type TScreeningCriteria } from '@tradebot/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverDetail, useTRPC } from '../../../lib/trpc';
import { toast } from '../toast';

/** Built-in templates (with a description) and the user's own; save and delete the latter. */
export function useTemplates() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.screener.templates.queryOptions());
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.screener.templates.queryKey() });
  const save = useMutation(trpc.screener.saveTemplate.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.screener.deleteTemplate.mutationOptions({ onSuccess: refresh }));

  const list = templates.data ?? [];
  return {
    templates,
    builtIn: list.filter((t) => t.description !== undefined),
    custom: list.filter((t) => t.description === undefined),
    saving: save.isPending,
    /** A name is required; returns whether it was saved. */
    async save(name: string, criteria: TScreeningCriteria): Promise<boolean> {
      if (name.trim() === '') {
        toast.error(ui.customTemplateNameRequired);
        return false;
      }
      try {
        const { message } = await save.mutateAsync({ name, criteria });
        toast.success(message);
        return true;
      } catch (caught) {
        toast.error(serverDetail(caught, ui.saveTemplateFailed));
        return false;
      }
    },
    async remove(name: string) {
      try {
        const { message } = await remove.mutateAsync({ name });
        toast.success(message);
      } catch (caught) {
        toast.error(serverDetail(caught, ui.deleteTemplateFailed));
      }
    },
  };
}
