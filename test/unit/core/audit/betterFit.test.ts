// A citation swapped for another work of the same bibliography: the audit names the work that
// fits the sentence clearly better, on real abstracts and against the stand-in services.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixturePath } from '../../../standin/server';
import { AuditCache, auditProject, type AuditFinding } from '../../../../src/core/audit';
import { addBetterFits, betterFitAmong, FitScores, type PaperText } from '../../../../src/core/audit/betterFit';
import { citationSites } from '../../../../src/core/latex/citeSites';
import { diskInput, useAuditProject } from '../../../helpers/auditInput';

const paper = (name: string): PaperText => JSON.parse(readFileSync(fixturePath('support', name), 'utf8')) as PaperText;

describe('cite audit: another work of the bibliography fits better', () => {
  it('names the work a sentence was meant to cite, and not one merely of the same field (real abstracts)', () => {
    const [xgboost, mapo, mutex] = [paper('arxiv-1603.02754-xgboost.json'), paper('arxiv-2603.06194-mapo.json'), paper('arxiv-2603.05057-mutex.json')];
    const sentence = 'Tree boosting with a sparsity-aware split finding algorithm scales to billions of examples.';
    const swapped = betterFitAmong([sentence], mapo, [mutex, xgboost]);
    assert.equal(swapped?.index, 1, JSON.stringify(swapped));
    assert.ok(swapped!.score > swapped!.citedScore);
    // Cited right, nothing else in the list comes near it.
    assert.equal(betterFitAmong([sentence], xgboost, [mapo, mutex]), undefined);
  });

  it('questions a citation supported only by its abstract and body together, not one a passage supports (real abstracts)', () => {
    const texts: Record<string, PaperText> = { mapo: paper('arxiv-2603.06194-mapo.json'), mutex: paper('arxiv-2603.05057-mutex.json'), xgboost: paper('arxiv-1603.02754-xgboost.json') };
    const source = String.raw`Tree boosting with a sparsity-aware split finding algorithm scales to billions of examples \cite{mapo}. Others \cite{mutex,xgboost}.`;
    const sites = citationSites('/p/main.tex', source);
    const finding = (bestScore: number): AuditFinding[] =>
      sites.map((site) => ({
        site,
        status: 'supported',
        score: 0.95,
        best: { text: 'a passage', section: 'Results', score: bestScore },
        message: 'Supported: its abstract and its best passage together say so, in its full text (score 0.95).',
      }));
    const together = finding(0.8);
    assert.deepEqual(addBetterFits(together, (key) => texts[key]), [together[0]]);
    assert.equal(together[0]!.status, 'weak');
    assert.equal(together[0]!.betterFit?.key, 'xgboost');
    assert.match(together[0]!.message, /^Weak: no passage alone supports it; .* Another work of the bibliography fits it better: xgboost/);
    const byPassage = finding(0.96);
    assert.deepEqual(addBetterFits(byPassage, (key) => texts[key]), [], 'a passage supports it: not second-guessed');
    assert.equal(byPassage[0]!.status, 'supported');
  });

  it('compares a sentence with a work once: a run again, in this process or the next, scores only an edited sentence anew', () => {
    class CountingScores extends FitScores {
      computed = 0;
      override score(sentences: string[], paper: PaperText, compute: () => number): number {
        return super.score(sentences, paper, () => (this.computed++, compute()));
      }
    }
    const memo = new CountingScores();
    const [xgboost, mapo, mutex] = [paper('arxiv-1603.02754-xgboost.json'), paper('arxiv-2603.06194-mapo.json'), paper('arxiv-2603.05057-mutex.json')];
    const sentence = 'Tree boosting with a sparsity-aware split finding algorithm scales to billions of examples.';
    const first = betterFitAmong([sentence], mapo, [mutex, xgboost], memo);
    const scored = memo.computed;
    assert.ok(scored >= 2, `${scored}`);
    assert.deepEqual(betterFitAmong([sentence], mapo, [mutex, xgboost], memo), first);
    assert.equal(memo.computed, scored, 'nothing scored again');
    betterFitAmong([`${sentence} Edited.`], mapo, [mutex, xgboost], memo);
    assert.ok(memo.computed > scored, 'the edited sentence is scored');
    // Saved with the audit cache (the CLI's --cache file), a new process scores nothing again.
    const cache = new AuditCache();
    cache.fitScores.load(memo.saved(100));
    const restored = AuditCache.fromJSON(JSON.parse(JSON.stringify(cache)));
    const next = new CountingScores();
    next.load(restored.fitScores.saved(100));
    assert.deepEqual(betterFitAmong([sentence], mapo, [mutex, xgboost], next), first);
    assert.equal(next.computed, 0);
  });

  describe('in a project', function () {
    this.timeout(30_000);
    const project = useAuditProject('citefinder-betterfit-');

    it('a supernova sentence cited to the alpha-synuclein paper points to Perlmutter, and the finding is announced again', async () => {
      appendFileSync(join(project.dir, 'intro.tex'), 'Distant supernovae show that the expansion of the universe is accelerating \\citep{tosatto2015}.\n');
      const announced: AuditFinding[] = [];
      const report = await auditProject(diskInput(join(project.dir, 'intro.tex')), project.deps, (e) => e.type === 'finding' && announced.push(e.finding));
      const swapped = report.findings.find((f) => f.site.sentence.startsWith('Distant supernovae'))!;
      assert.notEqual(swapped.status, 'supported');
      assert.equal(swapped.betterFit?.key, 'perlmutter1999', swapped.message);
      assert.match(swapped.message, /Another work of the bibliography fits it better: perlmutter1999/);
      assert.equal(announced.filter((f) => f === swapped).length, 2, 'announced when checked, and again with the better fit');
      // The right citations are left alone, and so is a key cited beside the better one.
      for (const f of report.findings.filter((f) => f !== swapped)) assert.equal(f.betterFit, undefined, `${f.site.key}: ${f.site.sentence}`);
    });
  });
});
