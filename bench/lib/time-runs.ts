/**
 * Wall and CPU time of `runs` runs after one warm-up run, with their medians (CPU time says what
 * a free core would give on a busy machine). `f` gets the run's number: 0 for the warm-up, then
 * 1 to `runs`; the result is the last run's.
 */
export function timeRuns<T>(
  f: (run: number) => T,
  runs: number,
): { median: number; cpuMedian: number; times: number[]; result: T } {
  let result = f(0);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    result = f(i);
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  return { median: median(times), cpuMedian: median(cpu), times, result };
}
