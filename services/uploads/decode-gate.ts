/**
 * Bounds picture decoding (issue 29): decoding is the one step of an upload whose cost the sender chooses, and four
 * big pictures at once took 2 s and doubled the process's memory. At most `total` decodes run in the process, and one
 * shopper has at most `perShopper` of them; the rest wait their turn, first come first served, for up to `waitMs`,
 * then answer busy (DomainError imageDecodersBusy: HTTP 503 服务繁忙，请稍后重试 with Retry-After, the retry-later rule
 * of services/api/retry-later.ts). A queue longer than `maxWaiting` answers busy at once: bytes already received are
 * held while they wait.
 *
 * `observe` is the tests' window on the gate (a decode started / ended, with how many run), not a timing.
 */
import { DomainError } from '../../domain/shared/errors';

export interface DecodeLimits {
  total: number;
  perShopper: number;
  waitMs: number;
  maxWaiting: number;
}

export const DEFAULT_DECODE_LIMITS: DecodeLimits = { total: 2, perShopper: 1, waitMs: 5000, maxWaiting: 32 };

export interface DecodeObserver {
  started?(shopper: number, running: number): void;
  ended?(shopper: number, running: number): void;
}

interface Waiter { shopper: number; admit(): void; timer: ReturnType<typeof setTimeout> | null }

export class DecodeGate {
  private running = 0;
  private readonly perShopper = new Map<number, number>();
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: DecodeLimits = DEFAULT_DECODE_LIMITS, private readonly observe: DecodeObserver = {}) {}

  /** Runs `decode` for `shopper` once a slot is free; busy when none frees up in time. */
  async run<T>(shopper: number, decode: () => Promise<T>): Promise<T> {
    await this.slotFor(shopper);
    this.observe.started?.(shopper, this.running);
    try {
      return await decode();
    } finally {
      this.release(shopper);
    }
  }

  private fits(shopper: number): boolean {
    return this.running < this.limits.total && (this.perShopper.get(shopper) ?? 0) < this.limits.perShopper;
  }

  private take(shopper: number): void {
    this.running += 1;
    this.perShopper.set(shopper, (this.perShopper.get(shopper) ?? 0) + 1);
  }

  private slotFor(shopper: number): Promise<void> {
    // no queue jumping: every release admits each waiter that fits, so those still waiting wait for a slot of the
    // whole process (then nobody fits) or for their own shopper's decode to end (which this shopper does not share)
    if (this.fits(shopper)) {
      this.take(shopper);
      return Promise.resolve();
    }
    if (this.limits.waitMs <= 0 || this.waiting.length >= this.limits.maxWaiting) return Promise.reject(new DomainError('imageDecodersBusy'));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        shopper,
        admit: () => {
          if (waiter.timer) clearTimeout(waiter.timer);
          this.take(shopper);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(new DomainError('imageDecodersBusy'));
        }, this.limits.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(shopper: number): void {
    this.running -= 1;
    const left = (this.perShopper.get(shopper) ?? 1) - 1;
    if (left > 0) this.perShopper.set(shopper, left);
    else this.perShopper.delete(shopper);
    this.observe.ended?.(shopper, this.running);
    for (let i = 0; i < this.waiting.length && this.running < this.limits.total;) {
      const waiter = this.waiting[i]!;
      if (!this.fits(waiter.shopper)) { i += 1; continue; }
      this.waiting.splice(i, 1);
      waiter.admit();
    }
  }
}
