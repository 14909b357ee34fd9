// Lexical scoring speed: one claim against a paper of 1,000 paragraphs of real text (SciFact
// abstracts, 5 sentences per paragraph, 20 paragraphs per section). Goal: < 50 ms.
//
//   node dist/bench/lexical.js --scifact DIR [--paragraphs 1000] [--runs 20]
//
// "cold" is the first call in the process (empty stem cache, unoptimised code); "warm" is the
// median of the following runs, each with a different claim.
import type { FulltextDocument } from '../src/core/fulltext/model';
import { scoreParagraphsLexically } from '../src/core/scoring/lexical';
import { argValue, loadClaims, loadCorpus } from './lib/scifact-data';
import { median } from './lib/median';

const SENTENCES_PER_PARAGRAPH = 5;
const PARAGRAPHS_PER_SECTION = 20;

function buildDocument(sentences: string[], paragraphs: number): FulltextDocument {
  const document: FulltextDocument = { sections: [], captions: [], references: [] };
  for (let p = 0; p < paragraphs; p++) {
    if (p % PARAGRAPHS_PER_SECTION === 0) document.sections.push({ head: `Section ${document.sections.length + 1}`, paragraphs: [] });
    const own = sentences.slice(p * SENTENCES_PER_PARAGRAPH, (p + 1) * SENTENCES_PER_PARAGRAPH);
    document.sections.at(-1)!.paragraphs.push({ text: own.join(' '), sentences: own });
  }
  return document;
}

function main(): void {
  const dir = argValue('scifact');
  if (!dir) {
    console.error('usage: node dist/bench/lexical.js --scifact DIR [--paragraphs 1000] [--runs 20]');
    process.exit(2);
  }
  const paragraphs = Number(argValue('paragraphs') ?? 1000);
  const runs = Number(argValue('runs') ?? 20);
  const sentences = [...loadCorpus(dir).values()].flatMap((d) => d.abstract);
  const document = buildDocument(sentences, paragraphs);
  const words = document.sections.flatMap((s) => s.paragraphs).reduce((n, p) => n + p.text.split(/\s+/).length, 0);
  const claims = loadClaims(dir, 'dev').slice(0, runs + 1);
  // CPU time beside wall time: on a shared machine the wall clock also counts waiting for a core.
  const cpu: number[] = [];
  const times = claims.map((claim) => {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    scoreParagraphsLexically({ text: claim.claim, sentences: [claim.claim] }, [], document, 3);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    return performance.now() - started;
  });
  const [cold, ...warm] = times;
  console.log(`lexical scoring, ${paragraphs} paragraphs (${words} words of SciFact abstracts):`);
  console.log(`  cold ${cold!.toFixed(1)} ms, warm median ${median(warm).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms over ${warm.length} claims (goal < 50 ms)`);
  console.log(`  CPU time: cold ${cpu[0]!.toFixed(1)} ms, warm median ${median(cpu.slice(1)).toFixed(1)} ms`);
}

if (require.main === module) main();
