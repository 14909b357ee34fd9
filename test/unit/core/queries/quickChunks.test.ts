import assert from 'node:assert/strict';
import { keyphrases } from '../../../../src/core/queries/keyphrases';
import { chunkSentence } from '../../../../src/core/queries/chunks';
import { quickChunkSentence } from '../../../../src/core/queries/quickChunks';

/** The keywords the first request carries without an LLM (queries/index.ts uses the quick chunker). */
const quick = (sentence: string) => keyphrases(sentence, 6, quickChunkSentence);

// Claims of SciFact dev (ids 716, 1335, 1316, 478, 636) and train (22, 1072), as the data set writes them.
describe('keyphrases without the tagger (quickChunks)', () => {
  it('ends a noun phrase at a verb of scientific prose the endings do not give away', () => {
    assert.deepEqual(quick('Low expression of miR7a exerts a biological function in testis.'), ['miR7a', 'exerts', 'biological function', 'testis']);
    assert.deepEqual(quick('UCB T cells maintain high TCR diversity after transplantation.'), ['UCB T cells', 'high TCR diversity', 'transplantation']);
    const pten = quick('Inositol lipid 3-phosphatase PTEN converts Ptdlns(3,4)P 2 into phosphatidylinositol 4-phosphate.');
    assert.ok(pten.includes('3-phosphatase PTEN'), pten.join('|'));
  });

  it('takes a word with a plural\'s ending between a subject and a determiner for the verb it is', () => {
    // The offline tour's line, and SciFact claims 653, 761 and 683: "TSDB damages" was searched as one phrase.
    const tsdb = quick('The garlic-derived trisulfide compound TSDB damages the cell membrane of Staphylococcus aureus.');
    assert.ok(tsdb.includes('TSDB') && !tsdb.some((k) => /damages/.test(k)), tsdb.join('|'));
    assert.deepEqual(quick('Interleukin-18 plays an important role in the pathogenesis of atherosclerosis.'), ['Interleukin-18', 'pathogenesis', 'atherosclerosis']);
    assert.deepEqual(quick('MeCP2 influences the synaptic maturation of neurons.'), ['MeCP2', 'synaptic', 'maturation', 'neurons']);
    assert.ok(!quick('Lack of FGF21 in mice slows the rate of atherosclerotic plaque formation.').includes('slows'));
    // After the preposition that opens a sentence the noun names no subject, and stays a topic word.
    assert.ok(quick('In older adults the risk of falls increases.').includes('older adults'));
  });

  it('takes the word after a modal, "be" or a subject pronoun for a verb, whatever its ending', () => {
    // The offline tour's line, and SciFact claims 1054 and 1322: "built", "cut" and "mature" were topic words.
    assert.ok(!quick('A literature graph of scientific papers, their authors and the entities they mention can be built with entity extraction and linking.').includes('built'));
    assert.ok(!quick('Risk of cardiovascular events can be cut by a third by using antihypertensive drug therapy among hemodialysis patients.').includes('cut'));
    assert.ok(!quick('Transplanted human glial progenitor cells can mature in their host animal.').includes('mature'));
    // A roman numeral is no pronoun: SciFact claim 180 keeps "proteins ND3".
    assert.ok(quick('Blocking the interaction between TDP-43 and respiratory complex I proteins ND3 and ND6 leads to increased TDP-43-induced neuronal loss.').includes('proteins ND3'));
  });

  it('keeps an -ing word after a noun and before "in" or "for" as the process the noun names', () => {
    // The offline tour's line and SciFact claim 626, as the tagger reads them.
    assert.ok(quick('Pooled prime editing in haploid cells measures the functional effects of thousands of genetic variants.').includes('prime editing'));
    assert.ok(quick('Induction of urokinase receptor signaling in podocytes causes foot process effacement and proteinuria.').includes('receptor signaling'));
  });

  it('keeps a second phrase that shares a word with a chosen one but adds its own', () => {
    // The offline tour's line and SciFact dev claim 728: "energy density" and "Ly6C hi" were left out.
    assert.deepEqual(quick('Dark energy makes up most of the energy density of the universe.'), ['Dark energy', 'energy density', 'universe']);
    const ly6c = quick('Ly6C hi monocytes have a lower inflammatory capacity than Ly6C lo monocytes.');
    assert.ok(ly6c.includes('Ly6C hi') && ly6c.includes('Ly6C lo'), ly6c.join('|'));
  });

  it('keeps the head of a long noun phrase with its nearest modifiers', () => {
    // Four words run together; the phrase searched is the last three, the head noun among them
    // (it was "Transferred UCB T" + "cells acquire").
    assert.deepEqual(quick('Transferred UCB T cells acquire a memory-like phenotype in recipients.'), ['Transferred', 'UCB T cells', 'memory-like', 'phenotype', 'recipients']);
  });

  it('ends a noun phrase at a conjunction the stopword list lacks', () => {
    const golli = quick('Golli-deficient T-cells prefer to differentiate into an anergic phenotype in the adaptive immune response when there are increased levels of Ca2+ in the cytosol.');
    assert.ok(golli.includes('adaptive immune response'), golli.join('|'));
    assert.ok(!golli.some((k) => /\bwhen\b/.test(k)), golli.join('|'));
  });

  it('takes no range of numbers or years for a topic word, as it takes no number', () => {
    // SciFact train claims 22 and 1072.
    for (const claim of ['76-85% of people with severe mental disorder receive no treatment in low and middle income countries.', 'Sepsis related mortality has remained stable between 2009-2014.']) {
      for (const keywords of [quick(claim), keyphrases(claim, 6, chunkSentence)]) {
        assert.ok(keywords.length > 0 && !keywords.some((k) => /^[\d–-]+$/.test(k)), keywords.join('|'));
      }
    }
  });

  it('keeps a name that open text writes as one, though the router\'s preprints lack it', () => {
    // SciFact dev claims 94, 171 and 575: the words came apart ("lymphatic" + "filariasis").
    for (const chunker of [quickChunkSentence, chunkSentence]) {
      const keywords = (claim: string) => keyphrases(claim, 6, chunker);
      assert.ok(keywords('Albendazole is used to treat lymphatic filariasis.').includes('lymphatic filariasis'));
      const lupus = keywords('Basophils counteract disease development in patients with systemic lupus erythematosus (SLE).');
      assert.ok(lupus.some((k) => k.includes('lupus erythematosus')), lupus.join('|'));
      const yeast = keywords('In domesticated populations of Saccharomyces cerevisiae, whole chromosome aneuploidy is very uncommon.');
      assert.ok(yeast.includes('Saccharomyces cerevisiae') && yeast.includes('aneuploidy'), yeast.join('|'));
    }
  });

  it('splits a long run the same way with the tagger', () => {
    const keywords = keyphrases('Transferred UCB T cells acquire a memory-like phenotype in recipients.', 6, chunkSentence);
    assert.ok(keywords.includes('UCB T cells'), keywords.join('|'));
  });
});
