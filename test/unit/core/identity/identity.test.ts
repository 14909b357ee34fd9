import assert from 'node:assert/strict';
import { htmlTitle, looksLikeHtml } from '../../../../src/core/net/html';
import { citedByText, parseRepository, repositoryLabel } from '../../../../src/core/identity/repository';
import {
  arxivIdFromDoi,
  findArxivId,
  findDoi,
  isArxivId,
  normalizedTitle,
  normalizeDoi,
  splitArxivId,
  titleIdentity,
  versionlessArxivId,
} from '../../../../src/core/identity/work';

describe('work identity', () => {
  it('normalises a DOI field: bare, doi: or a doi.org link, lower-cased; anything else is none', () => {
    assert.equal(normalizeDoi(' https://dx.doi.org/10.1186/S12984-017-0305-3'), '10.1186/s12984-017-0305-3');
    assert.equal(normalizeDoi('doi:10.1086/307221'), '10.1086/307221');
    assert.equal(normalizeDoi('see 10.1086/307221'), undefined, 'a field holds a DOI, not text around one');
    assert.equal(normalizeDoi(undefined), undefined);
  });

  it('finds a DOI in free text (a .bib field): URL-decoded, trailing punctuation dropped', () => {
    assert.equal(findDoi('https://doi.org/10.1086%2F307221'), '10.1086/307221');
    assert.equal(findDoi('DOI: 10.1186/S12984-017-0305-3.'), '10.1186/s12984-017-0305-3');
    assert.equal(findDoi('no doi'), undefined);
  });

  it('ends a DOI before the bracket around it, but keeps the brackets a SICI DOI holds', () => {
    // "(https://doi.org/…_28)." was read as the DOI "10.1007/978-3-319-24574-4_28)", which names no work.
    assert.equal(findDoi('LNCS, vol. 9351, pp. 234–241 (https://doi.org/10.1007/978-3-319-24574-4_28).'), '10.1007/978-3-319-24574-4_28');
    assert.equal(findDoi('[doi:10.1038/nature14539]'), '10.1038/nature14539');
    const sici = '10.1002/(sici)1097-4636(199711)37:2<231::aid-jbm12>3.0.co;2-f';
    assert.equal(findDoi(`J Biomed Mater Res. 1997;37(2):231-40. doi:${sici}.`), sici);
    assert.equal(findDoi(`(doi:${sici})`), sici);
  });

  it('splits versioned arXiv ids, from URLs and arXiv: prefixes too', () => {
    assert.deepEqual(splitArxivId('http://arxiv.org/abs/2005.14124v2'), { id: '2005.14124', version: 'v2' });
    assert.deepEqual(splitArxivId('cond-mat/0412498'), { id: 'cond-mat/0412498', version: undefined });
    assert.deepEqual(splitArxivId('arXiv:1706.03762V5'), { id: '1706.03762', version: 'V5' });
  });

  it('reads arXiv ids from DataCite DOIs, URLs and notes, and recognises bare ones', () => {
    assert.equal(arxivIdFromDoi('10.48550/arxiv.2312.07559v1'), '2312.07559');
    assert.equal(arxivIdFromDoi('10.1086/307221'), undefined);
    assert.equal(findArxivId('https://arxiv.org/pdf/astro-ph/9812133v1'), 'astro-ph/9812133');
    assert.equal(findArxivId('Preprint arXiv: 1706.03762'), '1706.03762');
    assert.ok(isArxivId('math.GT/0309136v2') && isArxivId('2004.07180') && !isArxivId('10.1086/307221'));
  });

  it("a record's versionless arXiv id: its own, its arxiv: record id, or its DataCite DOI", () => {
    assert.equal(versionlessArxivId({ id: 'doi:x', arxivId: '1710.08557v2' }), '1710.08557');
    assert.equal(versionlessArxivId({ id: 'arxiv:astro-ph/9812133v1' }), 'astro-ph/9812133');
    assert.equal(versionlessArxivId({ id: 'doi:10.48550/arxiv.2312.07559', doi: 'https://doi.org/10.48550/arXiv.2312.07559' }), '2312.07559');
    assert.equal(versionlessArxivId({ id: 'doi:10.1086/307221', doi: '10.1086/307221' }), undefined);
  });

  it('normalises titles for identity', () => {
    assert.equal(
      normalizedTitle('On Neuromechanical Approaches for the Study of {Biological} and Robotic Grasp & Manipulation.'),
      'on neuromechanical approaches for the study of biological and robotic grasp manipulation',
    );
    assert.equal(titleIdentity('Prime-Editing of $\\alpha$ cells'), titleIdentity('prime editing of cells'));
  });
});

describe('repository names', () => {
  it('labels repositories for people and reads them back however written', () => {
    assert.equal(repositoryLabel('biorxiv'), 'bioRxiv');
    assert.equal(repositoryLabel('zenodo'), 'zenodo', 'an unknown name stays as it came');
    assert.equal(repositoryLabel('europepmc'), 'Europe PMC');
    assert.equal(repositoryLabel('constructor'), 'constructor');
    assert.equal(parseRepository('https://www.medRxiv.org/'), 'medrxiv');
    assert.equal(parseRepository('arXiv.org'), 'arxiv');
    assert.equal(parseRepository('PubMed'), undefined);
  });

  it('says how often a work is cited, and by which index', () => {
    assert.equal(citedByText({ count: 16127, by: 'semanticscholar' }), 'cited by 16,127 (Semantic Scholar)');
    assert.equal(citedByText({ count: 0, by: 'openalex' }), 'cited by 0 (OpenAlex)');
    assert.equal(citedByText({ count: 42, by: 'europepmc' }), 'cited by 42 (Europe PMC)');
  });
});

describe('looksLikeHtml', () => {
  it('knows an HTML page, after white space, a byte-order mark or comments', () => {
    assert.ok(looksLikeHtml('\uFEFF  <!DOCTYPE html><html><head><title>x</title>'));
    assert.ok(looksLikeHtml('<!-- served by nginx -->\n<html lang="en">'));
    assert.ok(looksLikeHtml('<body>Service Unavailable</body>'));
    assert.ok(!looksLikeHtml('@article{key, title={x}}'));
    assert.ok(!looksLikeHtml('x <html>'), 'markup later in a body is not a page');
  });

  it('an Atom feed is XML, not HTML; where any markup is wrong, xml: true counts it too', () => {
    const atom = '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">';
    assert.ok(!looksLikeHtml(atom));
    assert.ok(looksLikeHtml(atom, { xml: true }));
    assert.ok(looksLikeHtml('<!DOCTYPE note SYSTEM "note.dtd"><note/>', { xml: true }));
  });

  it("reads a page's title for the message", () => {
    assert.equal(htmlTitle('<html><head><title>\n  Just a moment...\n</title></head>'), 'Just a moment...');
    assert.equal(htmlTitle('<html><body>no title</body></html>'), undefined);
  });
});
