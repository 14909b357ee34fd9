// Book-keeping for one pipeline run: progress events, warnings said once, stage timings,
// the time to first candidates, and cancellation checks between stages.
import type { FindResult, PipelineEvent, PipelineListener, Timings } from '../types';

export class Run {
  readonly warnings: string[] = [];
  private readonly started = performance.now();
  private readonly stages: Record<string, number> = {};
  private firstCandidatesMs?: number;
  /** Why the result may not be kept for a repeat: it met a failure the same answers may not bring again. */
  transient?: string;

  constructor(
    private readonly listener: PipelineListener,
    readonly signal?: AbortSignal,
  ) {}

  emit(event: PipelineEvent): void {
    try {
      this.listener(event);
    } catch {
      // A faulty listener (a closed webview, say) must not break the search.
    }
  }

  /** Records a warning once, however many stages run into the same problem. */
  readonly warn = (message: string): void => {
    if (this.warnings.includes(message)) return;
    this.warnings.push(message);
    this.emit({ type: 'warning', message });
  };

  /** The run's result, with its warnings and timings; emitted as `done`. */
  finish(result: Omit<FindResult, 'warnings' | 'timings'>): FindResult {
    const done: FindResult = { ...result, warnings: this.warnings, timings: this.timings() };
    this.emit({ type: 'done', result: done });
    return done;
  }

  markFirstCandidates(): void {
    this.firstCandidatesMs ??= Math.round(performance.now() - this.started);
  }

  timeSync<T>(stage: string, work: () => T): T {
    this.signal?.throwIfAborted();
    const start = performance.now();
    try {
      return work();
    } finally {
      this.record(stage, start);
    }
  }

  async time<T>(stage: string, work: () => Promise<T>): Promise<T> {
    this.signal?.throwIfAborted();
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.record(stage, start);
      this.signal?.throwIfAborted();
    }
  }

  timings(): Timings {
    return {
      totalMs: Math.round(performance.now() - this.started),
      startedAt: Math.round(performance.timeOrigin + this.started),
      firstCandidatesMs: this.firstCandidatesMs,
      stages: { ...this.stages },
    };
  }

  /** Records a stage that ran from `start` (a performance.now() value) until now. */
  record(stage: string, start: number): void {
    const ms = Math.round(performance.now() - start);
    this.stages[stage] = ms;
    this.emit({ type: 'stage', stage, ms });
  }
}
