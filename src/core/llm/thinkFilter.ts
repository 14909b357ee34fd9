// A reasoning model served raw (DeepSeek-R1, Qwen3 and their like on a plain OpenAI-compatible
// server) streams its reasoning inside the answer, between <think> and </think>. The chat shows
// the answer, not the reasoning, so those blocks are dropped as they stream; a tag split across
// two deltas is held back until it can be told apart from text. A whole answer (json.ts) goes
// through the same filter in one piece.
const OPEN = /<think(?:ing)?>/i;
const CLOSE = /<\/think(?:ing)?>/i;
const OPEN_TAGS = ['<think>', '<thinking>'];
const CLOSE_TAGS = ['</think>', '</thinking>'];

export class ThinkFilter {
  private held = '';
  private thinking = false;

  /** The part of `delta` (with what was held back) that is answer text and can be shown now. */
  push(delta: string): string {
    let text = this.held + delta;
    this.held = '';
    let shown = '';
    for (;;) {
      const tag = (this.thinking ? CLOSE : OPEN).exec(text);
      if (!tag) break;
      if (!this.thinking) shown += text.slice(0, tag.index);
      text = text.slice(tag.index + tag[0].length);
      this.thinking = !this.thinking;
    }
    const keep = partialTagLength(text, this.thinking ? CLOSE_TAGS : OPEN_TAGS);
    this.held = text.slice(text.length - keep);
    if (!this.thinking) shown += text.slice(0, text.length - keep);
    return shown;
  }

  /** What was held back when the stream ends: text, unless it is inside an unclosed reasoning block. */
  end(): string {
    const rest = this.thinking ? '' : this.held;
    this.held = '';
    return rest;
  }
}

/** `text` without its reasoning blocks; an unclosed block (an answer cut short) runs to the end. */
export function withoutThinking(text: string): string {
  const filter = new ThinkFilter();
  return filter.push(text) + filter.end();
}

/** The length of the longest end of `text` that begins one of `tags` (case folded). */
function partialTagLength(text: string, tags: readonly string[]): number {
  const tail = text.slice(-Math.max(...tags.map((t) => t.length))).toLowerCase();
  for (let length = tail.length; length > 0; length--) {
    const end = tail.slice(tail.length - length);
    if (tags.some((tag) => tag.length > length && tag.startsWith(end))) return length;
  }
  return 0;
}
