/**
 * Work a request starts but does not wait for, so its answer (and its timing) is the same
 * whatever the work finds. Shutdown waits for it (`idle`), and so do the tests.
 */
export function backgroundTasks(onError: (error: unknown) => void) {
  const running = new Set<Promise<void>>();
  return {
    run(task: () => Promise<unknown>) {
      const done: Promise<void> = task()
        .then(() => undefined, onError)
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof backgroundTasks>;
