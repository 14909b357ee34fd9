// The reading of an arXiv answer, kept beside the answer as the full-text readings are: keyed by
// the SHA-512 of the Atom body (the digest the HTTP cache's index already holds), so a repeat
// finds the records from the index alone, without reading the body, its XML or its LaTeX again.
// Turning a feed's titles and abstracts from LaTeX into text runs Better BibTeX's parser, whose
// first use in a new process costs ~11 ms; the whole reading was ~20 ms of a CLI warm repeat's
// ~100 (CPU profile of the supernova claim's repeat, `bench/pipeline.ts --profile`).
import { readStoredJson, storeText } from '../net/readings';
import { ARXIV_FEED_KEY_PREFIX } from '../net/cacheSweep';
import type { ArxivFeed } from './arxivAtom';

/** Bump whenever parseArxivFeed changes what it builds from the same body. */
export const ARXIV_FEED_VERSION = 'a1';

/** The reading's key: the body's `contentDigest`, and the abstract-page base its links were built on. */
export function arxivFeedKey(bodyDigest: string, absBase: string): string {
  return `${ARXIV_FEED_KEY_PREFIX}${ARXIV_FEED_VERSION}:${absBase}:${bodyDigest}`;
}

/** A stored reading, or undefined on a miss, a torn entry or one that is not a reading. */
export function readStoredFeed(dir: string, key: string): Promise<ArxivFeed | undefined> {
  return readStoredJson(dir, key, isFeed);
}

function isFeed(value: unknown): value is ArxivFeed {
  const feed = value as ArxivFeed | null;
  return Array.isArray(feed?.records) && typeof feed.malformed === 'number';
}

/** Stores a reading; never fails. Tracked until on disk, so a run that stores behind it can wait (readingWritesSettled). */
export function storeFeed(dir: string, key: string, feed: ArxivFeed): Promise<void> {
  return storeText(dir, key, JSON.stringify(feed));
}
