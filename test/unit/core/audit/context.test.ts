// The audit reads a citation as a reader does (issue #18): a citing sentence that opens with a
// pronoun or "this/these/such" takes its subject from the sentence before it, so both are read;
// the finding says which text was scored, and an unsupported citation still shows its best passage.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditProject } from '../../../../src/core/audit';
import { citationSites } from '../../../../src/core/latex/citeSites';
import { diskInput, useAuditProject } from '../../../helpers/auditInput';

const BEFORE = 'The Supernova Cosmology Project analysed 42 Type Ia supernovae to measure the mass density and the cosmological-constant energy density of the universe.';

describe('cite audit: the sentence before a citing sentence that leans on it', () => {
  it('is read for "They …", "These …", "Such …", not for a sentence with its own subject nor across a paragraph or heading', () => {
    const source = String.raw`\section{Intro}
${BEFORE} They found it non-zero and positive \citep{a}.
Supernovae were observed. Such data need care \cite{b}. A plain sentence cites \cite{c}.

These opened a paragraph \cite{d}.
\subsection{Next}
This follows a heading \cite{e}.`;
    const sites = citationSites('/p/main.tex', source);
    const context = Object.fromEntries(sites.map((s) => [s.key, s.context]));
    assert.equal(context.a, BEFORE);
    assert.equal(context.b, 'Supernovae were observed.');
    assert.equal(context.c, undefined);
    assert.equal(context.d, undefined);
    assert.equal(context.e, undefined);
  });

  describe('against the stand-in services', function () {
    this.timeout(30_000);
    const project = useAuditProject('citefinder-audit-context-');

    it('scores "They found it non-zero and positive" with the sentence before it, and says so (Perlmutter et al. 1999, arXiv abstract)', async () => {
      const file = join(project.dir, 'context.tex');
      writeFileSync(
        file,
        String.raw`\documentclass{article}
\begin{document}
${BEFORE} They found it non-zero and positive \citep{perlmutter1999}.

They found it non-zero and positive \citep{perlmutter1999}.
\bibliography{refs}
\end{document}
`,
      );
      const report = await auditProject(diskInput(file, 'file'), project.deps);
      const [withContext, alone] = report.findings;
      assert.equal(withContext!.site.context, BEFORE);
      assert.equal(withContext!.scored, 'with previous sentence');
      assert.match(withContext!.message, /The citing sentence was scored with the one before it\.$/);
      assert.equal(alone!.site.context, undefined, 'a paragraph of its own: nothing before it to read');
      assert.equal(alone!.scored, 'sentence');
      assert.doesNotMatch(alone!.message, /was scored/, 'the sentence alone is what is scored unless said');
      assert.ok(withContext!.score! > alone!.score!, `${withContext!.score} vs ${alone!.score}`);
      assert.equal(withContext!.status, 'supported');
      // Alone it repeats the abstract's "non-zero and positive": on the audit's scale for a physics
      // work that is supported too (audit/calibration.ts), only lower.
      assert.equal(alone!.status, 'supported');
    });

    it('an unsupported citation still shows the passage that came closest', async () => {
      const file = join(project.dir, 'wrong.tex');
      writeFileSync(file, String.raw`\documentclass{article}
\begin{document}
Dopamine neurons in the basal ganglia of mice are lost after methylphenidate exposure \citep{perlmutter1999}.
\bibliography{refs}
\end{document}
`);
      const [finding] = (await auditProject(diskInput(file, 'file'), project.deps)).findings;
      assert.equal(finding!.status, 'unsupported');
      assert.match(finding!.best!.text, /Type Ia supernovae/);
      assert.match(finding!.message, /closest passage is shown/);
    });
  });
});
