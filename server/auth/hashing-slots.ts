/**
 * At most N password hashes at once in this process. scrypt at N=2^17 takes 128 MiB and one of
 * libuv's 4 threads for a few hundred milliseconds each; unbounded, a flood of sign-ins fills the
 * thread pool and the memory and stalls everything else. Excess hashes wait in a queue for a short
 * while, then fail with 503 and Retry-After.
 *
 * The queue is fair between clients: a freed slot goes to the waiter whose client (its address) has
 * the fewest hashes running, the oldest first among equals, so one address flooding the sign-in
 * cannot make another client's sign-in wait behind its whole queue.
 */
import { serviceUnavailable } from "../http/errors";

interface Waiter {
  client: string;
  start(): void;
}

export class HashingSlots {
  private active = 0;
  private readonly runningPerClient = new Map<string, number>();
  private readonly waiters: Waiter[] = [];

  constructor(
    private concurrency = 2,
    private waitMs = 2000,
  ) {}

  configure(concurrency: number, waitMs: number): void {
    this.concurrency = concurrency;
    this.waitMs = waitMs;
    this.startWaiters();
  }

  /** Runs `work` in a slot, `client` naming who asked (an address) for fairness. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    await this.acquire(client);
    try {
      return await work();
    } finally {
      this.release(client);
    }
  }

  private acquire(client: string): Promise<void> {
    if (this.active < this.concurrency && this.waiters.length === 0) {
      this.take(client);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        client,
        start: () => {
          clearTimeout(timer);
          this.take(client);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        const retryAfter = Math.max(1, Math.ceil(this.waitMs / 1000));
        reject(serviceUnavailable("The server is busy signing in other users; please try again in a moment", retryAfter));
      }, this.waitMs);
      this.waiters.push(waiter);
    });
  }

  private take(client: string): void {
    this.active++;
    this.runningPerClient.set(client, (this.runningPerClient.get(client) ?? 0) + 1);
  }

  private release(client: string): void {
    this.active--;
    const running = (this.runningPerClient.get(client) ?? 1) - 1;
    if (running === 0) this.runningPerClient.delete(client);
    else this.runningPerClient.set(client, running);
    this.startWaiters();
  }

  private startWaiters(): void {
    while (this.active < this.concurrency && this.waiters.length > 0) {
      let next = 0;
      const running = (w: Waiter) => this.runningPerClient.get(w.client) ?? 0;
      for (let i = 1; i < this.waiters.length; i++) if (running(this.waiters[i]) < running(this.waiters[next])) next = i;
      const [waiter] = this.waiters.splice(next, 1);
      waiter.start();
    }
  }
}
