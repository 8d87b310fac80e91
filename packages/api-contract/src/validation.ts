import type { ZodError } from 'zod';

/**
 * A zod error as sentences for people (REST `detail`, tRPC message, CLI output): the
 * schemas carry user-facing texts; zod's own texts get the field name in front.
 */
export function validationMessage(error: ZodError): string {
  const sentence = (issue: ZodError['issues'][number]) => {
    const field = issue.path.join('.');
    return field && /^Invalid|^Too|^Unrecognized/.test(issue.message)
      ? `${field}: ${issue.message}`
      : issue.message;
  };
  return [...new Set(error.issues.map(sentence))].join(' ');
}
