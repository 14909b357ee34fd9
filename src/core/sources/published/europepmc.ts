// The published biomedical literature through Europe PMC's whole index: PubMed (`SRC:MED`) and
// PMC (`SRC:PMC`) behind the same /rest/search the preprint lanes use, `resultType=core` for
// abstracts, PMIDs, PMCIDs, journals and open-access flags. An article in PMC's open-access
// subset names its JATS (`/{PMCID}/fullTextXML`), which the full-text stage reads as it reads a
// bioRxiv paper's; any other is "abstract only". Europe PMC's own "Retracted Publication" type
// is kept as a trust signal beside Crossref's.
import type { HttpClient } from '../../net/types';
import type { Settings } from '../../settings/index';
import type { PaperRecord, PublishedSource, SearchRequest } from '../../types';
import { renderEuropePmcQuery } from '../europepmcQuery';
import { toPaperRecord, type EuropePmcResult } from '../europepmcRecord';
import { checkEuropePmcResult } from '../validate';
import { isEmptyResultList, parseSearchResults } from '../europepmc';
import { skippedRecordsWarning } from '../errors';

/** The REST API's base (`…/rest`), from the search endpoint the settings name (`…/rest/search`). */
export function europePmcRestBase(settings: Settings): string {
  return settings['sources.europepmc.url'].trim().replace(/\/+$/, '').replace(/\/search$/, '');
}

/** PMC's open-access subset, held by Europe PMC: the only full text fetched from it. */
function openFullText(result: EuropePmcResult): boolean {
  return result.isOpenAccess === 'Y' && result.inEPMC === 'Y' && /^PMC\d+$/.test(result.pmcid ?? '');
}

const RETRACTED = /^retracted publication$/i;
const CONCERN = /^expression of concern$/i;
/** PubMed's and PMC's types of a notice about another article: an erratum, a retraction or concern notice. */
const NOTICE = /^(?:published erratum|retraction of publication|expression of concern|correction|retraction|expression-of-concern)$/i;

/**
 * A notice about another article ("Correction: …", "Department of Error"): a search hit for its
 * article's words, but never what a claim cites, so the search leaves it out. A lookup by its
 * PMID still shows it.
 */
export function isNoticeOfAnotherArticle(result: Pick<EuropePmcResult, 'pubTypes'>): boolean {
  return (result.pubTypes ?? []).some((t) => NOTICE.test(t.trim()));
}

/** One PubMed/PMC result as a record; undefined without a title (the caller counts those). */
export function publishedRecord(result: EuropePmcResult, settings: Settings): PaperRecord | undefined {
  const doiLinks = settings['sources.doi.url'].trim().replace(/\/+$/, '');
  const record = toPaperRecord(result, 'pubmed', doiLinks);
  if (!record) return undefined;
  const pmid = /^\d+$/.test(result.pmid ?? '') ? result.pmid : undefined;
  if (!record.doi) record.id = pmid ? `pubmed:${pmid}` : `europepmc:${result.source ?? 'MED'}/${result.id ?? record.title}`;
  if (pmid) record.pmid = pmid;
  if (result.pmcid && /^PMC\d+$/.test(result.pmcid)) record.pmcid = result.pmcid;
  record.openAccess = openFullText(result);
  // Only open-access full text is fetched: its JATS first, its PDF should the JATS fail.
  if (record.openAccess) record.jatsUrl = `${europePmcRestBase(settings)}/${result.pmcid}/fullTextXML`;
  else delete record.pdfUrl;
  if (!record.url && pmid) record.url = `https://europepmc.org/article/MED/${pmid}`;
  const types = result.pubTypes ?? [];
  const notice = types.find((t) => NOTICE.test(t.trim()));
  // A notice's own type says what it is, not what befell it ("Expression of Concern" is the notice).
  if (notice) record.sourceNotice = notice.trim();
  else if (types.some((t) => RETRACTED.test(t))) record.sourceTrust = 'retracted';
  else if (types.some((t) => CONCERN.test(t))) record.sourceTrust = 'concern';
  return record;
}

export class EuropePmcPublishedSource implements PublishedSource {
  readonly lane = 'pubmed' as const;
  readonly paced = false;

  constructor(
    private readonly settings: Settings,
    private readonly http: HttpClient,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  async search(request: SearchRequest): Promise<PaperRecord[]> {
    const params = new URLSearchParams({
      query: renderEuropePmcQuery(request.query, request.mode, 'published'),
      format: 'json',
      resultType: 'core',
      pageSize: String(Math.max(1, request.maxResults)),
    });
    const response = await this.http.request({
      service: 'europepmc',
      url: `${this.settings['sources.europepmc.url']}?${params.toString()}`,
      accept: 'application/json',
      signal: request.signal,
      isEmpty: isEmptyResultList,
      storeInBackground: true,
    });
    const results = parseSearchResults(response.text());
    const checked = results.map(checkEuropePmcResult).filter((r): r is EuropePmcResult => r !== undefined);
    const fromJournals = checked.filter((r) => r.source === 'MED' || r.source === 'PMC');
    const articles = fromJournals.filter((r) => !isNoticeOfAnotherArticle(r));
    const records = articles.map((r) => publishedRecord(r, this.settings)).filter((r): r is PaperRecord => r !== undefined);
    // Malformed records, and journal records without a title.
    const dropped = results.length - checked.length + articles.length - records.length;
    if (dropped > 0) this.warn(skippedRecordsWarning('PubMed (Europe PMC)', dropped, 'without a title or with fields of the wrong type'));
    return records.slice(0, request.maxResults);
  }
}
