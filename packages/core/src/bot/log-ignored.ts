/**
 * A failure the bot carries on after (best-effort work, a broker refusal it has an answer for)
 * still leaves a line in the process log, with the user and what was skipped: nothing is
 * swallowed silently. The message only, never a stack (and never a secret: errors carry none).
 */
export function logIgnored(userId: number, what: string, error: unknown): void {
  const why = error instanceof Error ? error.message : String(error);
  console.warn(`[bot] user ${userId}: ${what}: ${why}`);
}
