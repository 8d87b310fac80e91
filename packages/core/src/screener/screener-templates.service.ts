import {
  AppError,
  BUILT_IN_TEMPLATES,
  server,
  ZScreeningCriteria,
  type TScreeningCriteria,
  type TScreeningTemplate,
} from '@tradebot/api-contract';
import {
  countCustomTemplates,
  deleteCustomTemplate,
  findCustomTemplate,
  listCustomTemplates,
  upsertCustomTemplate,
} from '@tradebot/db';
import type { ServiceDeps } from '../deps.js';

/** The most custom templates one user may keep (the throttle bounds a burst past it). */
export const MAX_CUSTOM_TEMPLATES = 50;

const BUILT_IN_NAMES = new Set(BUILT_IN_TEMPLATES.map((t) => t.name.toLowerCase()));

/** Built-in names are reserved whatever their case, so a custom one is never mistaken for one. */
const isBuiltIn = (name: string) => BUILT_IN_NAMES.has(name.toLowerCase());

/**
 * Stored criteria go through the schema on the way out too: a template saved before a bound
 * changed is shown with that criterion back at its default rather than breaking the list.
 */
export function storedCriteria(criteria: unknown): TScreeningCriteria {
  const parsed = ZScreeningCriteria.safeParse(criteria);
  if (parsed.success) return parsed.data;
  const kept = { ...(criteria as Record<string, unknown>) };
  for (const issue of parsed.error.issues) delete kept[String(issue.path[0])];
  const retry = ZScreeningCriteria.safeParse(kept);
  return retry.success ? retry.data : ZScreeningCriteria.parse({});
}

/**
 * Screening templates: the built-ins of api-contract, which carry a description, and
 * the user's own, which do not. Names are trimmed by the schema before they get here.
 */
export function screenerTemplatesService(deps: Pick<ServiceDeps, 'db' | 'limiter'>) {
  const { db } = deps;
  return {
    /** GET /api/screening/templates */
    async list(userId: number): Promise<TScreeningTemplate[]> {
      const custom = await listCustomTemplates(db, userId);
      return [
        ...BUILT_IN_TEMPLATES.map((t) => ({ ...t, criteria: { ...t.criteria } })),
        ...custom.map((t) => ({ name: t.name, criteria: storedCriteria(t.criteria) })),
      ];
    },

    /** POST /api/screening/save-template: a name already used by this user is overwritten. */
    async save(userId: number, name: string, criteria: TScreeningCriteria) {
      if (isBuiltIn(name)) throw new AppError('BAD_REQUEST', server.builtInTemplateName(name));
      await deps.limiter.consume('templateSave', String(userId), server.tooManyRuns);
      const isNew = (await findCustomTemplate(db, userId, name)) === null;
      if (isNew && (await countCustomTemplates(db, userId)) >= MAX_CUSTOM_TEMPLATES)
        throw new AppError('CONFLICT', server.tooManyTemplates(MAX_CUSTOM_TEMPLATES));
      await upsertCustomTemplate(db, userId, name, criteria);
      return { message: server.templateSaved(name) };
    },

    /** DELETE /api/screening/delete-template/{name}: only the user's own templates. */
    async remove(userId: number, name: string) {
      if (isBuiltIn(name)) throw new AppError('FORBIDDEN', server.builtInTemplateDelete(name));
      if (!(await deleteCustomTemplate(db, userId, name)))
        throw new AppError('NOT_FOUND', server.templateNotFound(name));
      return { message: server.templateDeleted(name) };
    },

    /** A template's criteria by name (built-in first), or null when the user has none such. */
    async criteriaOf(userId: number, name: string): Promise<TScreeningCriteria | null> {
      const builtIn = BUILT_IN_TEMPLATES.find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (builtIn) return { ...builtIn.criteria };
      const custom = await findCustomTemplate(db, userId, name);
      return custom ? storedCriteria(custom.criteria) : null;
    },
  };
}

export type ScreenerTemplatesService = ReturnType<typeof screenerTemplatesService>;
