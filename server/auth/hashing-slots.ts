/**
 * At most N password hashes at once in this process. scrypt at N=2^15, r=8, p=3 takes 32 MiB and one of
 * libuv's 4 threads for a few hundred milliseconds each; unbounded, a flood of sign-ins fills the
 * thread pool and the memory and stalls everything else. Excess hashes wait in a queue for a short
 * while, then fail with 503 and Retry-After.
 *
 * Fair between clients (their addresses): one client holds at most N-1 slots at once (1 when N is 1
 * or 2), so that a flooding address always leaves a slot to the others, and a freed slot goes to the
 * waiter whose client has the fewest hashes running, the oldest first among equals.
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

  private get perClient(): number {
    return Math.max(1, this.concurrency - 1);
  }

  private running(client: string): number {
    return this.runningPerClient.get(client) ?? 0;
  }

  private acquire(client: string): Promise<void> {
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
      this.startWaiters();
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
    while (this.active < this.concurrency) {
      let next = -1;
      for (let i = 0; i < this.waiters.length; i++) {
        const running = this.running(this.waiters[i].client);
        if (running < this.perClient && (next === -1 || running < this.running(this.waiters[next].client))) next = i;
      }
      if (next === -1) return; // every waiter's client holds its share already
      const [waiter] = this.waiters.splice(next, 1);
      waiter.start();
    }
  }
}
