/** Formatting and PASS/FAIL lines for the benchmark output. */
export const results: { name: string; pass: boolean; detail: string }[] = [];

export function target(name: string, pass: boolean, detail: string): void {
  results.push({ name, pass, detail });
  console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}

export const fmt = (x: number, digits = 3): string =>
  !Number.isFinite(x)
    ? String(x)
    : Math.abs(x) >= 1e5 || (Math.abs(x) < 1e-2 && x !== 0)
      ? x.toExponential(digits - 1)
      : x.toFixed(digits - 1);

/** A time in ms as its UTC date, 2025-06-02. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function summary(): void {
  console.log('\nSummary');
  for (const r of results) console.log(`  ${r.pass ? 'PASS' : 'FAIL'}  ${r.name} (${r.detail})`);
}
