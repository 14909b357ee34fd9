// How a listed sentence's reason reads in the editor (the Uncited Claims row, its tooltip, the
// diagnostic) and in the CLI's report, on sentences of arXiv:2212.11826 (test/fixtures/coverage/notes.tex):
// a footnote's sentence says it is in a footnote; a named theorem's title is listed by its title with
// "names a published result"; a body sentence's reason is the model's, unchanged.
import assert from 'node:assert/strict';
import { listedReason, needMessage } from '../../../../src/core/coverage/listedWording';
import { byText, coverNotes } from '../../../helpers/coverageNotes';

const report = coverNotes();
const find = (start: string) => byText(report, start);

describe('coverage: the reason a listed sentence is shown with', () => {
  it('says a footnote’s sentence is in a footnote, in the row and in the diagnostic', () => {
    const note = find('It has been quantitatively shown');
    assert.equal(note.role, 'footnote');
    assert.equal(listedReason(note), 'states a result of earlier work, in a footnote');
    assert.equal(needMessage(note), `May need a citation (${note.score.toFixed(2)}): states a result of earlier work, in a footnote.`);
  });

  it('gives a named theorem’s title with "names a published result", and a body sentence the model’s reason alone', () => {
    const title = report.find((s) => s.role === 'named result' && s.needsCitation);
    assert.ok(title);
    assert.equal(title.text, 'Representer theorem');
    assert.equal(needMessage(title), 'May need a citation (0.90): names a published result.');
    const body = report.find((s) => s.role === undefined && s.needsCitation);
    assert.ok(body);
    assert.equal(listedReason(body), body.reason);
    assert.ok(!needMessage(body).includes('footnote'));
  });
});
