// `citefinder bib check` on .bib files as reference managers export them (JabRef, Mendeley,
// Zotero's Better BibTeX), end to end: the real dist/cli.js against the stand-in services.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CliStandIn, runCli, startCliStandIn, stopCliStandIn } from '../../helpers/cliRun';

/** JabRef 5's layout: aligned fields, owner/timestamp/groups, comments and jabref-meta blocks around the entries. */
const JABREF = `% Encoding: UTF-8

@InProceedings{Arya2003,
  author    = {Arya, V. and Turletti, T.},
  booktitle = {23rd International Conference on Distributed Computing Systems Workshops, 2003. Proceedings.},
  title     = {Accurate and explicit differentiation of wireless and congestion losses},
  year      = {2003},
  doi       = {10.1109/ICDCSW.2003.1203662},
  groups    = {net},
  owner     = {me},
  timestamp = {2023-01-05},
}

% Read for chapter 2; ask Thierry about the testbed.

@Comment{jabref-meta: databaseType:bibtex;}

@Comment{jabref-meta: grouping:
0 AllEntriesGroup:;
1 StaticGroup:net\\;0\\;1\\;0x8a8a8aff\\;\\;\\;;
}
`;

/** An arXiv id where each exporter writes it: Mendeley (an old-style id split in two; `arxivId`), Google Scholar, DBLP, a @misc. */
const ARXIV_IDS_AS_EXPORTED = String.raw`@article{Perlmutter1999,
archivePrefix = {arXiv},
arxivId = {astro-ph/9812133},
author = {Perlmutter, S. and Aldering, G. and others},
eprint = {9812133},
primaryClass = {astro-ph},
journal = {The Astrophysical Journal},
pages = {565--586},
title = {{Measurements of $\Omega$ and $\Lambda$ from 42 High-Redshift Supernovae}},
volume = {517},
year = {1999}
}
@article{stanley2016heat,
  title={Heat-bath random walks with Markov bases},
  author={Stanley, Caprice and Windisch, Tobias},
  journal={arXiv preprint arXiv:1605.08386},
  year={2016}
}
@article{DBLP:journals/corr/StanleyW16,
  author    = {Caprice Stanley and Tobias Windisch},
  title     = {Heat-bath random walks with {Markov} bases},
  journal   = {CoRR},
  volume    = {abs/1605.08386},
  year      = {2016}
}
@misc{stanley-heat-bath,
  author = {C. Stanley and T. Windisch},
  title = {Heat-bath random walks with {M}arkov bases},
  howpublished = {\url{https://arxiv.org/abs/1605.08386}},
  year = 2016
}
`;

/** Zotero's Better BibTeX in biblatex mode: the year in \`date\`, the journal in \`journaltitle\`. */
const BETTER_BIBLATEX = String.raw`@article{perlmutterMeasurementsOmegaLambda1999,
  title = {Measurements of {{$\Omega$}} and {{$\Lambda$}} from 42 {{High-Redshift Supernovae}}},
  author = {Perlmutter, S. and Aldering, G. and Goldhaber, G. and others},
  date = {1998-12-08},
  journaltitle = {The Astrophysical Journal},
  volume = {517},
  pages = {565--586},
  doi = {10.1086/307221},
  eprint = {astro-ph/9812133},
  eprinttype = {arxiv},
  langid = {english}
}

@article{valero-cuevasNeuromechanicalApproachesStudy2017,
  title = {On Neuromechanical Approaches for the Study of Biological and Robotic Grasp and Manipulation},
  author = {Valero-Cuevas, Francisco J. and Santello, Marco},
  date = {2017},
  journaltitle = {arXiv},
  volume = {14},
  doi = {10.1186/s12984-017-0305-3},
  eprint = {1710.08557},
  eprinttype = {arxiv}
}
`;

/** Better BibTeX's biblatex @online for an arXiv preprint whose journal version has another title. */
const PREPRINT_ONLINE = `@online{valero-cuevasNeuromechanicalApproachesStudy2017a,
  title = {On Neuromechanical Approaches for the Study of Biological Grasp and Manipulation},
  author = {Valero-Cuevas, Francisco J. and Santello, Marco},
  date = {2017-10-23},
  eprint = {1710.08557},
  eprinttype = {arxiv},
  eprintclass = {q-bio},
  doi = {10.48550/arXiv.1710.08557},
  pubstate = {prepublished},
  file = {/home/me/Zotero/storage/XYZ/1710.08557.pdf}
}
`;

describe('CLI bib check on reference managers\' exports', function () {
  this.timeout(30_000);
  let cli: CliStandIn | undefined;
  beforeEach(async () => {
    cli = await startCliStandIn('citefinder-bibexports-');
  });
  afterEach(() => stopCliStandIn(cli));

  it('--write adds a missing field inside the entry, not in the comment that follows it (JabRef)', async () => {
    const bib = join(cli!.dir, 'jabref.bib');
    writeFileSync(bib, JABREF);
    const run = await runCli(['bib', 'check', bib, '--write'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Arya2003: Verified at Crossref \(10\.1109\/icdcsw\.2003\.1203662\); it could add pages\./);
    const written = readFileSync(bib, 'utf8');
    assert.ok(written.includes('  timestamp = {2023-01-05},\n  pages = {877-882}\n}\n'), written);
    assert.ok(written.endsWith(JABREF.slice(JABREF.indexOf('\n% Read for chapter 2'))), 'the comment and the jabref-meta blocks, byte for byte');
  });

  it('--write adds the field inside the entry when a % line in it holds a lone quote (19" rack)', async () => {
    const bib = join(cli!.dir, 'jabref.bib');
    const commented = JABREF.replace('  groups    = {net},\n', '  groups    = {net},\n  % testbed: the 19" rack in room 12\n');
    writeFileSync(bib, commented);
    const run = await runCli(['bib', 'check', bib, '--write'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const written = readFileSync(bib, 'utf8');
    assert.ok(written.includes('  timestamp = {2023-01-05},\n  pages = {877-882}\n}\n'), written);
    assert.ok(written.endsWith(JABREF.slice(JABREF.indexOf('\n% Read for chapter 2'))), 'the comment and the jabref-meta blocks, byte for byte');
  });

  it('reads the arXiv id where Mendeley, Google Scholar, DBLP and a @misc\'s howpublished write it (each was "not-found")', async () => {
    const bib = join(cli!.dir, 'exports.bib');
    writeFileSync(bib, ARXIV_IDS_AS_EXPORTED);
    const run = await runCli(['bib', 'check', bib, '--json'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    const entries = (JSON.parse(run.stdout) as { entries: { key: string; verdict: string; authority: string | null }[] }).entries;
    assert.deepEqual(
      entries.map((e) => [e.key, e.verdict, e.authority]),
      [
        ['Perlmutter1999', 'verified-fixable', 'arxiv'],
        ['stanley2016heat', 'verified', 'arxiv'],
        ['DBLP:journals/corr/StanleyW16', 'verified', 'arxiv'],
        ['stanley-heat-bath', 'verified', 'arxiv'],
      ],
      run.stdout,
    );
  });

  it('--write corrects the year in biblatex\'s date and the journal in journaltitle, not in a second field beside them', async () => {
    const bib = join(cli!.dir, 'zotero.bib');
    writeFileSync(bib, BETTER_BIBLATEX);
    const run = await runCli(['bib', 'check', bib, '--write'], cli!.env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /perlmutterMeasurementsOmegaLambda1999: .*correct year \(1998 → 1999\)/);
    const written = readFileSync(bib, 'utf8');
    assert.match(written, /^  date = \{1999\},$/m);
    assert.doesNotMatch(written, /^ *year *=/m, 'biber would take date over a year added beside it');
    assert.match(run.stdout, /venue: ours "arXiv" · Crossref "Journal of NeuroEngineering and Rehabilitation"/);
    assert.match(written, /^  journaltitle = \{Journal of NeuroEngineering and Rehabilitation\},$/m);
    assert.doesNotMatch(written, /^ *journal *=/m, 'biber ignores a journal written beside journaltitle');
  });

  it('--write leaves a preprint\'s DOI alone: the journal version\'s, written in, made the next check a title near miss', async () => {
    const bib = join(cli!.dir, 'preprint.bib');
    writeFileSync(bib, PREPRINT_ONLINE);
    const first = await runCli(['bib', 'check', bib, '--write'], cli!.env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Verified at arXiv \(1710\.08557\); it could add published-version\.$/m);
    assert.equal(readFileSync(bib, 'utf8'), PREPRINT_ONLINE, 'its own DOI stays');
    const again = await runCli(['bib', 'check', bib], cli!.env);
    assert.match(again.stdout, /verified-fixable +valero-cuevasNeuromechanicalApproachesStudy2017a: Verified at arXiv/);
  });
});
