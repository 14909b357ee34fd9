// All stand-in services on one loopback server: what the CLI tests, the benchmarks, the E2E
// suite and the offline demo (`npm start -- --offline`) run against.
import { startStandInServer, type StandIn, type StandInService } from './server';
import { installArxiv } from './arxiv';
import { installEuropePmc } from './europepmc';
import { installBiorxiv } from './biorxiv';
import { installDoi } from './doi';
import { installCrossref } from './crossref';
import { installDblp } from './dblp';
import { installSemanticScholar } from './semanticscholar';
import { installOpenAlex } from './openalex';
import { installArxivBibtex } from './arxivBibtex';
import { installDatacite } from './datacite';
import { installGrobid } from './grobid';
import { installFiles } from './files';
import { installOpenAi } from './openai';

export interface StandInOptions {
  port?: number;
  /** Milliseconds of delay per service, e.g. { arxiv: 800 }. */
  latency?: Partial<Record<StandInService, number>>;
  /** arXiv's etiquette, enforced: a request sooner than this after the previous one gets 429. */
  arxivSpacingMs?: number;
  /** Serve a real paper PDF for every bioRxiv/medRxiv `.full.pdf` path (see files.ts). */
  anyPreprintPdf?: boolean;
  /** Serve a real JATS article for every bioRxiv/medRxiv `.source.xml` path (see files.ts). */
  preprintJats?: boolean;
  /** Serve a real PMC JATS for every open-access PubMed article's `fullTextXML` (see europepmc.ts). */
  openAccessJats?: boolean;
}

export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const standIn = await startStandInServer(
    [
      installArxiv,
      (s) => installEuropePmc(s, { openAccessJats: options.openAccessJats }),
      installBiorxiv,
      installDoi,
      installCrossref,
      installDblp,
      installSemanticScholar,
      installOpenAlex,
      installArxivBibtex,
      installDatacite,
      installGrobid,
      (s) => installFiles(s, { anyPreprintPdf: options.anyPreprintPdf, preprintJats: options.preprintJats }),
      (s) => installOpenAi(s),
    ],
    options.port ?? 0,
  );
  for (const [service, ms] of Object.entries(options.latency ?? {})) {
    standIn.setLatency(service as StandInService, ms);
  }
  if (options.arxivSpacingMs) standIn.enforceSpacing('arxiv', options.arxivSpacingMs);
  return standIn;
}

/** Environment variables (CITEFINDER_*) that point the CLI at the stand-in. */
export function standInEnv(standIn: StandIn): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(standIn.settings)) {
    env['CITEFINDER_' + key.toUpperCase().replace(/\./g, '_')] = value;
  }
  return env;
}

export type { StandIn };
