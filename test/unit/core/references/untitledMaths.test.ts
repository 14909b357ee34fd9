// A reference that prints no title (REVTeX's PRL form) takes its work's title from the authority, and
// DBLP writes a title's maths as LaTeX ("$\varepsilon$-Accurate"). The taken title is read as a .bib
// title is, so the work is verified rather than called a near miss of itself with its maths dropped.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useReferencesStandIn } from '../../../helpers/referencesStandIn';
import { fixturePath } from '../../../standin/server';
import { checkReferences, fieldsOfItem, textReferences } from '../../../../src/core/references';

describe('a title taken from an authority that writes maths as LaTeX', function () {
  this.timeout(60_000);
  const env = useReferencesStandIn();

  it('verifies the PRL item whose work DBLP titles "$\\varepsilon$-Accurate" or "$\\mathrm LatentOut$"', async () => {
    const list = textReferences(readFileSync(fixturePath('references', 'prl-notitle-maths.bbl'), 'utf8'), '.bbl');
    assert.ok(list.items.every((i) => !fieldsOfItem(i).title), 'no item prints a title');
    const check = await checkReferences(list.items, env.deps());
    const byKey = new Map(check.references.map((r) => [r.item.key, r]));
    const gupta = byKey.get('bdba1969a0b0')!;
    assert.equal(gupta.titleFrom, 'team');
    assert.equal(gupta.result?.verdict.verdict, 'verified', gupta.result?.message);
    assert.doesNotMatch(gupta.fields.title ?? '', /\$/);
    // Checked by the words its maths spells ("epsilon -Accurate"), shown with the symbol.
    assert.match(gupta.fields.title ?? '', /^Augmenting Online Algorithms with ε-Accurate Predictions$/);
    const angiulli = byKey.get('a687f76f3a21')!;
    assert.equal(angiulli.titleFrom, 'identifier');
    assert.equal(angiulli.result?.verdict.verdict, 'verified-fixable', angiulli.result?.message);
    assert.match(angiulli.fields.title ?? '', /^LatentOut: /, 'shown as the reader reads it, not "mathrm LatentOut"');
  });
});
