// arXiv records by id, many ids to a request. arXiv takes one request every 3 s, so lookups that
// arrive while a request waits for its turn (or within the same tick) share the next id_list
// request instead of each paying a slot: an audit of 60 arXiv citations costs one round trip.
import type { HttpClient } from '../net/types';
import type { Settings } from '../settings/index';
import type { PaperRecord } from '../types';
import { fetchArxivById } from './arxiv';
import { isArxivId } from '../identity/patterns';

/** New-style (2004.07180v2) and old-style (astro-ph/9812133, math.GT/0309136) identifiers. */

/** arXiv answers at most this many ids per id_list request comfortably. */
const MAX_IDS_PER_REQUEST = 100;

interface Waiting {
  id: string;
  resolve: (record: PaperRecord | undefined) => void;
  reject: (error: unknown) => void;
}

export class ArxivLookup {
  private readonly waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
    private readonly signal?: AbortSignal,
  ) {}

  /** The record of a versionless or versioned id; undefined when arXiv has no such paper. */
  lookup(id: string): Promise<PaperRecord | undefined> {
    const clean = id.trim().replace(/^arxiv:/i, '');
    // One malformed id makes arXiv refuse the whole id_list, so it never joins a batch.
    if (!isArxivId(clean)) return Promise.reject(new Error(`"${id}" is not an arXiv identifier.`));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: clean, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Let the rest of this tick's lookups join the first request.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_IDS_PER_REQUEST);
        const ids = [...new Set(batch.map((w) => w.id))];
        try {
          const records = await fetchArxivById(ids, this.settings, this.http, this.signal);
          for (const w of batch) w.resolve(records.find((r) => sameId(r, w.id)));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

function sameId(record: PaperRecord, id: string): boolean {
  const bare = id.replace(/v\d+$/i, '').toLowerCase();
  return (record.arxivId ?? '').replace(/v\d+$/i, '').toLowerCase() === bare;
}
