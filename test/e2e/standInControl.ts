// What the E2E suite adds on top of the stand-in: a scripted LLM, search services that can be
// made slow while noticing when the client gives up (to prove Cancel aborts the requests), and
// an arXiv answer whose title and abstract carry markup (to prove the webview executes none).
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { installArxiv } from '../standin/arxiv';
import { installEuropePmc } from '../standin/europepmc';
import { crossrefRecordOf, filteredDois, installCrossref } from '../standin/crossref';
import { worksByDoi } from '../standin/crossrefSearch';
import { startStandIn, type StandIn } from '../standin/index';
import { installOpenAi } from '../standin/openai';
import { fixturePath, send, type StandInHandler, type StandInService } from '../standin/server';
import { scriptedReply, scriptedTool } from './scriptedLlm';

/** Markup a hostile or broken record could carry; each part would set window.__cfXss if run. */
export const HOSTILE_TITLE =
  'Measurements of Omega <script>window.__cfXss="script";alert("xss")</script> and Lambda ' +
  '<img src=x onerror="window.__cfXss=\'img\';alert(\'xss\')"> from 42 High-Redshift Supernovae';

const ATOM = 'application/atom+xml; charset=utf-8';

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const HOSTILE_AUTHOR = 'S. Perlmutter <img src=x onerror="window.__cfXss=\'author\'">';
export const HOSTILE_ABSTRACT =
  'We report measurements <script>window.__cfXss="abstract"</script> of the mass density; [see](javascript:window.__cfXss="md") <b onmouseover="window.__cfXss=\'b\'">bold</b>.';
/** Links a hostile record could carry; the page must show neither as a link, and the host open neither. */
export const HOSTILE_PAGE_URL = "javascript:window.__cfXss='page'";
export const HOSTILE_PDF_URL = "javascript:window.__cfXss='pdf'";

/**
 * The recorded Perlmutter et al. feed with hostile markup spliced into its title, first author
 * and abstract, and script URLs as its page and PDF links (XML-escaped, as arXiv would send them).
 */
function hostileFeed(): string {
  const feed = readFileSync(fixturePath('arxiv-atom', 'legacy2019_idlist_astro-ph_9812133_same-work-as-doi-10.1086_307221.atom.xml'), 'utf8');
  return feed
    .replace(/(<entry>[\s\S]*?<title>)[\s\S]*?(<\/title>)/, `$1${xmlEscape(HOSTILE_TITLE)}$2`)
    .replace(/(<summary>)[\s\S]*?(<\/summary>)/, `$1${xmlEscape(HOSTILE_ABSTRACT)}$2`)
    .replace('<name>S. Perlmutter</name>', `<name>${xmlEscape(HOSTILE_AUTHOR)}</name>`)
    .replace(/<link href="[^"]*"( rel="alternate")/, `<link href="${xmlEscape(HOSTILE_PAGE_URL)}"$1`)
    .replace(/(<link title="pdf" )href="[^"]*"/, `$1href="${xmlEscape(HOSTILE_PDF_URL)}"`);
}

/**
 * A Crossref record for Perlmutter et al.'s journal DOI that carries the real notices of the
 * retracted Lancet paper (test/fixtures/crossref, from Retraction Watch): a constructed record,
 * the paper's own bibliographic data (its recorded BibTeX) with another paper's notices, so the
 * E2E search shows a retracted work that still has authority BibTeX to insert.
 */
const PERLMUTTER_DOI = '10.1086/307221';

function retractedPerlmutterWork(): string {
  const lancet = JSON.parse(readFileSync(fixturePath('crossref', 'works_10.1016_s0140-6736-97-11096-0_retracted_updated-by.json'), 'utf8')) as { message: Record<string, unknown> };
  lancet.message = {
    DOI: '10.1086/307221',
    type: 'journal-article',
    title: ['Measurements of Ω and Λ from 42 High-Redshift Supernovae'],
    'container-title': ['The Astrophysical Journal'],
    published: { 'date-parts': [[1999, 6]] },
    'updated-by': lancet.message['updated-by'],
  };
  return JSON.stringify(lancet);
}

export interface E2eStandIn {
  standIn: StandIn;
  /** Crossref answers for Perlmutter et al.'s DOI with retraction notices (see retractedPerlmutterWork). */
  retractedPerlmutter: boolean;
  /** Delay (ms) before the searches answer; 0 = normal. */
  slowSearchMs: number;
  /** Searches whose URL this matches answer at once while slowSearchMs holds the others. */
  quickSearches?: RegExp;
  /** Answer every arXiv search with the hostile record. */
  hostileArxiv: boolean;
  /** Search requests whose client went away while they were held back, and when it did. */
  readonly aborted: { service: StandInService; url: string; at: number }[];
  close(): Promise<void>;
}

/** The handler an installer registers for `service`, captured instead of registered. */
function capture(standIn: StandIn, service: StandInService, install: (s: StandIn) => void): StandInHandler {
  let captured: StandInHandler | undefined;
  install({ ...standIn, handle: (name, handler) => void (name === service ? (captured = handler) : undefined) });
  if (!captured) throw new Error(`${service} installer registered no handler`);
  return captured;
}

/** Resolves true when the client closes the connection before `ms` elapse, false after `ms`. */
function clientGoneWithin(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(false);
    }, ms);
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    res.once('close', onClose);
  });
}

export async function startE2eStandIn(): Promise<E2eStandIn> {
  const standIn = await startStandIn();
  installOpenAi(standIn, { reply: scriptedReply, tool: scriptedTool });
  const control: E2eStandIn = {
    standIn,
    slowSearchMs: 0,
    hostileArxiv: false,
    retractedPerlmutter: false,
    aborted: [],
    close: () => standIn.close(),
  };
  const crossref = capture(standIn, 'crossref', installCrossref);
  standIn.handle('crossref', (req, res) => {
    if (control.retractedPerlmutter && /^(?:\/v1)?\/works\/10\.1086(?:\/|%2F)307221\/?$/i.test(req.path)) return send(res, 200, retractedPerlmutterWork(), 'application/json');
    // The search reads its candidates' records as one list: the retracted record stands in there too.
    const listed = filteredDois(req);
    if (control.retractedPerlmutter && listed.some((d) => d.toLowerCase() === PERLMUTTER_DOI)) {
      const retracted = (JSON.parse(retractedPerlmutterWork()) as { message: Record<string, unknown> }).message;
      return worksByDoi(res, listed, (doi) => (doi === PERLMUTTER_DOI ? retracted : crossrefRecordOf(standIn, doi)));
    }
    return crossref(req, res);
  });
  const services: [StandInService, (s: StandIn) => void][] = [['arxiv', installArxiv], ['europepmc', installEuropePmc]];
  for (const [service, install] of services) {
    const original = capture(standIn, service, install);
    standIn.handle(service, async (req, res) => {
      const held = control.slowSearchMs > 0 && !control.quickSearches?.test(decodeURIComponent(req.url.toString()));
      if (held && (await clientGoneWithin(res, control.slowSearchMs))) {
        control.aborted.push({ service, url: req.url.toString(), at: Date.now() });
        return;
      }
      if (service === 'arxiv' && control.hostileArxiv && req.url.searchParams.has('search_query')) {
        return send(res, 200, hostileFeed(), ATOM);
      }
      return original(req, res);
    });
  }
  return control;
}

/** `citefinder.*` user settings that point the extension at the stand-in. */
export function extensionSettings(standIn: StandIn, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(standIn.settings)) settings[`citefinder.${key}`] = value;
  return {
    ...settings,
    'citefinder.llm.model': 'gpt-4o-mini',
    // The stand-in needs no etiquette pause, and every search must reach it (no disk cache).
    'citefinder.sources.arxiv.intervalMs': 0,
    'citefinder.sources.dblp.intervalMs': 0,
    'citefinder.cache.enabled': false,
    ...extra,
  };
}
