interface Job<In, Out> {
  input: In;
  resolve(output: Out): void;
  reject(error: unknown): void;
}

/** At most `waiting` jobs wait; one more is refused with the error `refuse` makes. */
export interface QueueBound {
  waiting: number;
  refuse: () => Error;
}

/**
 * Runs jobs one at a time, in the order they arrive. A job whose signal aborts while it waits is
 * dropped (its promise rejects with the signal's reason) and never runs; one already running
 * finishes. With a bound, a job that finds the line full is refused at once, so the inputs held
 * by waiting jobs cannot grow without limit.
 */
export class OneAtATime<In, Out> {
  private readonly waiting: Job<In, Out>[] = [];
  private running = false;

  constructor(
    private readonly run: (input: In) => Promise<Out>,
    private readonly bound?: QueueBound,
  ) {}

  /** Jobs waiting or running. */
  get size(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  push(input: In, signal?: AbortSignal): Promise<Out> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (this.bound && this.running && this.waiting.length >= this.bound.waiting) {
        return reject(this.bound.refuse());
      }
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
