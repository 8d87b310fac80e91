/**
 * The line for a criterion some listings have no value for: the count, then the reason as its
 * own sentence (the reasons are whole sentences, some with a parenthesis of their own).
 */
export function partialMissingNote(
  label: string,
  missing: number,
  total: number,
  reason: string,
): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return `${label}: ${count(missing)} of ${count(total)} listings have no value. ${reason}`;
}
