interface Job<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

/**
 * Runs jobs one at a time, in the order they arrive. A job whose signal aborts while it waits is
 * dropped (its promise rejects with the signal's reason) and never runs; one already running
 * finishes.
 */
export class OneAtATime<In, Out> {
  private readonly waiting: Job<In, Out>[] = [];
  private running = false;

  constructor(private readonly run: (input: In) => Promise<Out>) {}

  /** Jobs waiting or running. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  push(input: In, signal?: AbortSignal): Promise<Out> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const job: Job<In, Out> = { input, resolve, reject };
      signal?.addEventListener(
        "abort",
        () => {
          const at = this.waiting.indexOf(job);
          if (at === -1) return;
          this.waiting.splice(at, 1);
          reject(signal.reason);
        },
        { once: true },
      );
      this.waiting.push(job);
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.running = true;
    this.run(job.input)
      .then(job.resolve, job.reject)
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}
