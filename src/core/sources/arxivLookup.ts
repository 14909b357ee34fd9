// arXiv records by id, many ids to a request. arXiv takes one request every 3 s, so lookups that
// arrive while a request is out (or within the same tick) share the next id_list request instead
// of each paying a slot (net/requestBatcher.ts): an audit of 60 arXiv citations costs one round trip.
import type { HttpClient } from '../net/types';
import type { Settings } from '../settings/index';
import type { PaperRecord } from '../types';
import { fetchArxivById } from './arxiv';
import { isArxivId } from '../identity/patterns';
import { RequestBatcher } from '../net/requestBatcher';

/** arXiv answers at most this many ids per id_list request comfortably. */
const MAX_IDS_PER_REQUEST = 100;

export class ArxivLookup {
  private readonly batcher: RequestBatcher<string, PaperRecord | undefined>;

  constructor(settings: Settings, http: HttpClient, signal?: AbortSignal) {
    this.batcher = new RequestBatcher(MAX_IDS_PER_REQUEST, async (ids) => {
      const records = await fetchArxivById([...new Set(ids)], settings, http, signal);
      return ids.map((id) => records.find((r) => sameId(r, id)));
    });
  }

  /** Keeps lookups from going out until the returned function is called: a caller about to add one. */
  hold(): () => void {
    return this.batcher.hold();
  }

  /** The record of a versionless or versioned id; undefined when arXiv has no such paper. */
  lookup(id: string): Promise<PaperRecord | undefined> {
    const clean = id.trim().replace(/^arxiv:/i, '');
    // One malformed id makes arXiv refuse the whole id_list, so it never joins a batch.
    if (!isArxivId(clean)) return Promise.reject(new Error(`"${id}" is not an arXiv identifier.`));
    return this.batcher.ask(clean);
  }
}

function sameId(record: PaperRecord, id: string): boolean {
  const bare = id.replace(/v\d+$/i, '').toLowerCase();
  return (record.arxivId ?? '').replace(/v\d+$/i, '').toLowerCase() === bare;
}
