// What bounds one run in time: a circuit breaker per service (a dead service costs one timeout,
// then is skipped and named once; a refused request is not asked again), an LLM whose every call
// is bounded, and a whole-run deadline (`run.deadlineMs`). The deadline is not a cancellation:
// when it passes, the run's signal aborts so every stage stops waiting, and the pipeline returns
// what it has with a warning. A user's cancel still rejects with an AbortError.
import type { Settings } from '../settings/index';
import type { HttpClient } from '../net/types';
import type { LlmClient } from '../llm/types';
import { CircuitBreakers } from '../net/breaker';
import { guardHttp } from '../net/guarded';
import { rememberRefusals } from '../net/refusals';
import { boundLlm } from '../llm/bounded';

/** Share of the deadline one LLM call may take: routing and queries must leave time to search. */
const LLM_SHARE_OF_DEADLINE = 0.4;

export class RunLimits {
  readonly breakers: CircuitBreakers;
  /** Aborts on the user's cancel or at the deadline; what every stage of the run listens to. */
  readonly signal: AbortSignal;
  readonly deadlineMs: number;
  private readonly deadline = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly settings: Settings,
    private readonly userSignal: AbortSignal | undefined,
    warn: (message: string) => void,
  ) {
    this.breakers = new CircuitBreakers(warn);
    this.deadlineMs = Math.max(1, settings['run.deadlineMs']);
    this.timer = setTimeout(
      () => this.deadline.abort(new DOMException(`The search passed its deadline (${this.deadlineMs} ms).`, 'AbortError')),
      this.deadlineMs,
    );
    // The deadline alone must never keep a CLI process alive.
    this.timer.unref?.();
    this.signal = userSignal ? AbortSignal.any([userSignal, this.deadline.signal]) : this.deadline.signal;
  }

  /** True when the deadline stopped the run and the user did not cancel it. */
  get deadlinePassed(): boolean {
    return this.deadline.signal.aborted && !this.userSignal?.aborted;
  }

  http(inner: HttpClient): HttpClient {
    return rememberRefusals(guardHttp(inner, this.breakers));
  }

  llm(inner: LlmClient | null): LlmClient | null {
    if (!inner) return null;
    const callMs = Math.min(this.settings['llm.timeoutMs'], Math.round(this.deadlineMs * LLM_SHARE_OF_DEADLINE));
    return boundLlm(inner, Math.max(1, callMs), this.settings['llm.baseUrl']);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
