// buildDocument on lines recorded from two real PDFs (pdfjs text items → pageLines, printed as
// [page height, page, column, x0, x1, y, size, font, font share, text]) whose licences keep the
// PDFs themselves out of test/fixtures: Chinese Medical Journal 2017, doi:10.4103/0366-6999.209897
// (CC BY-NC-SA 3.0), and Applied and Environmental Microbiology 2011, doi:10.1128/AEM.00294-11
// (rights reserved); a few lines each, as found by the pdfjs reader. Both came with GROBID's TEI
// in public test suites (kermitt2/grobid_client_python, allenai/s2orc-doc2json).
import assert from 'node:assert/strict';
import type { Column, Line } from '../../../../src/core/fulltext/layout';
import { buildDocument } from '../../../../src/core/fulltext/paragraphs';
import { bodyParagraphs } from '../../../../src/core/fulltext/model';

type Recorded = [number, number, Column, number, number, number, number, string, number, string];

function lines(recorded: Recorded[]): Line[] {
  return recorded.map(([pageHeight, page, column, x0, x1, y, size, font, fontShare, text]) => ({
    page, column, x0, x1, y, size, font, fontShare, text, pageHeight,
  }));
}

describe('pdfjs paragraphs from recorded lines', () => {
  it('reads a justified body line set in a font object of its own as prose, not as a heading', () => {
    // Chinese Medical Journal p. 3: "Mean VAS score of all patients included was 4.66 ± 3.56."
    // is set in font f5, the body in f1 (the same face); it filled the measure and was taken for
    // a heading, cutting the paragraph and moving the gold sentence under a section of its own.
    const document = buildDocument(lines(CMJ_RESULTS));
    assert.deepEqual(document.sections.map((s) => s.head), ['Clinical characteristics']);
    const paragraphs = bodyParagraphs(document).map((p) => p.paragraph.text);
    assert.equal(paragraphs.length, 2);
    assert.match(paragraphs[1]!, /^Mean VAS score of all patients included was 4\.66 ± 3\.56\. Mean VAS scores of all groups are presented in Table 1\./);
    assert.match(paragraphs[1]!, /Mean SFN-SIQ score of all patients/); // a non-breaking hyphen (U+2011) read as "-"
  });

  it('keeps a methods section set in small type, and a smaller reference list does not make it the body size', () => {
    // AEM: the body is 9 pt, the methods 7 pt, and the 7 pt reference list outweighs the 9 pt text.
    const document = buildDocument(lines(AEM));
    assert.deepEqual(document.sections.map((s) => s.head), ['MATERIALS AND METHODS', 'RESULTS']);
    const [methods, results] = document.sections.map((s) => s.paragraphs.map((p) => p.text).join('\n'));
    assert.match(methods!, /located in the Northwest Pacific Ocean, is the largest continental shelf sea in the temperate zone\./);
    assert.match(results!, /^The main hydrographic characteristics of the two stations investigated in this study are summarized in Table 1\./);
    assert.doesNotMatch([methods, results].join('\n'), /Agogue|Nature 456/);
  });
});

const CMJ_RESULTS: Recorded[] = [
    [807.9, 3, 'left', 53.8, 92.0, 412.2, 14.0, 'f4', 1.00, "results"],
    [807.9, 3, 'left', 53.8, 153.5, 396.0, 11.0, 'f3', 1.00, "Clinical characteristics"],
    [807.9, 3, 'left', 53.8, 288.6, 383.8, 10.0, 'f1', 1.00, "All patients presented with a disturbance in pinprick sensation,"],
    [807.9, 3, 'left', 53.8, 288.5, 371.6, 10.0, 'f5', 1.00, "temperature sensation, and/or allodynia or hyperalgesia, which"],
    [807.9, 3, 'left', 53.8, 280.5, 359.5, 10.0, 'f1', 1.00, "was in accordance with the clinical manifestations of SFN."],
    [807.9, 3, 'left', 53.8, 288.5, 341.6, 10.0, 'f5', 1.00, "Mean VAS score of all patients included was 4.66 ± 3.56."],
    [807.9, 3, 'left', 53.8, 288.5, 329.4, 10.0, 'f1', 1.00, "Mean VAS scores of all groups are presented in Table 1."],
    [807.9, 3, 'left', 53.8, 288.5, 317.3, 10.0, 'f5', 1.00, "No significant differences in VAS scores were revealed"],
    [807.9, 3, 'left', 53.8, 288.5, 305.1, 10.0, 'f1', 0.95, "among the three groups ( χ 2 = 2.102, P = 0.350). Mean"],
    [807.9, 3, 'left', 53.8, 288.5, 292.9, 10.0, 'f5', 1.00, "SFN‑SIQ score of all patients included was 5.74 ± 2.42."],
    [807.9, 3, 'left', 53.8, 288.5, 280.7, 10.0, 'f1', 1.00, "Mean SFN‑SIQ scores for all groups were also presented in"],
    [807.9, 3, 'left', 53.8, 288.4, 268.5, 10.0, 'f5', 0.90, "Table 1. The mean SFN‑SIQ score was significantly different"],
    [807.9, 3, 'left', 53.8, 288.5, 256.4, 10.0, 'f1', 0.96, "among the three groups (F = 14.433, P < 0.001). The mean"],
    [807.9, 3, 'left', 53.8, 288.5, 244.2, 10.0, 'f5', 0.83, "SFN‑SIQ score was significantly increased (P < 0.001)"],
];

const AEM: Recorded[] = [
    [783.0, 2, 'left', 114.4, 210.6, 115.5, 7.0, 'f4', 1.00, "MATERIALS AND METHODS"],
    [783.0, 2, 'left', 49.5, 282.6, 102.5, 7.0, 'f4', 0.67, "Sampling stations and environmental conditions. The East China Sea (ECS),"],
    [783.0, 2, 'left', 42.5, 282.6, 93.5, 7.0, 'f1', 1.00, "located in the Northwest Pacific Ocean, is the largest continental shelf sea in the"],
    [783.0, 2, 'left', 42.5, 282.6, 84.5, 7.0, 'f1', 1.00, "temperate zone. The Kuroshio Current going along the ECS shelf edge origi-"],
    [783.0, 2, 'left', 42.5, 282.6, 75.5, 7.0, 'f1', 1.00, "nates from the West Pacific warm pool and is characterized by high temperature"],
    [783.0, 2, 'left', 42.5, 282.6, 66.5, 7.0, 'f1', 1.00, "and high salinity (29) (Fig. 1). Two sites along the shelf slope of the ECS on the"],
    [783.0, 2, 'left', 42.5, 282.6, 57.5, 7.0, 'f1', 1.00, "west side of the Kuroshio Current were selected for the present study: station 712"],
    [783.0, 3, 'right', 400.2, 440.9, 240.3, 9.0, 'f4', 1.00, "RESULTS"],
    [783.0, 3, 'right', 309.5, 540.6, 222.5, 9.0, 'f1', 1.00, "The main hydrographic characteristics of the two stations"],
    [783.0, 3, 'right', 300.5, 540.6, 211.5, 9.0, 'f1', 1.00, "investigated in this study are summarized in Table 1. The"],
    [783.0, 3, 'right', 300.5, 540.6, 200.5, 9.0, 'f1', 0.96, "temperature was significantly higher but the \u0004 t was significantly"],
    [783.0, 3, 'right', 300.5, 540.6, 189.5, 9.0, 'f1', 1.00, "lower at station 712 than at station 608, while the salinity values"],
    [783.0, 3, 'right', 300.5, 540.6, 178.5, 9.0, 'f1', 1.00, "were not significantly different between the two stations. As"],
    [783.0, 3, 'right', 300.5, 540.6, 167.5, 9.0, 'f1', 0.96, "indicated by the \u0004 t , the MLD was slightly greater at station 712"],
    [783.0, 3, 'right', 300.5, 540.5, 156.5, 9.0, 'f1', 1.00, "( 75 m) than at station 608 ( 50 m) (Table 1). At both"],
    [783.0, 3, 'right', 300.5, 540.6, 145.5, 9.0, 'f1', 1.00, "stations, the temperature showed a strong decrease with in-"],
    [783.0, 3, 'right', 300.5, 540.6, 134.5, 9.0, 'f1', 1.00, "creasing depth from the MLD, whereas salinity had constant"],
    [783.0, 3, 'right', 300.5, 540.6, 123.5, 9.0, 'f1', 1.00, "values (Table 1). As seen from the MODIS euphotic zone"],
    [783.0, 3, 'right', 300.5, 540.6, 112.5, 9.0, 'f1', 1.00, "depth data for November 2007, the euphotic depth at station"],
    [783.0, 3, 'right', 300.5, 540.5, 101.5, 9.0, 'f1', 1.00, "608 was around 84 m, whereas the euphotic depth at station"],
    [783.0, 9, 'left', 139.2, 185.8, 653.3, 7.0, 'f4', 1.00, "REFERENCES"],
    [783.0, 9, 'left', 46.0, 282.6, 641.5, 7.0, 'f4', 0.68, "1. Agogue´, H., M. Brink, J. Dinasquet, and G. J. Herndl. 2008. Major gradients"],
    [783.0, 9, 'left', 54.8, 282.6, 633.5, 7.0, 'f1', 1.00, "in putatively nitrifying and non-nitrifying Archaea in the deep North Atlan-"],
    [783.0, 9, 'left', 54.8, 128.2, 625.5, 7.0, 'f1', 0.82, "tic. Nature 456:788–791."],
    [783.0, 9, 'left', 46.0, 282.5, 617.5, 7.0, 'f4', 0.81, "2. Agogue´, H., D. Lamy, P. R. Neal, M. L. Sogin, and G. J. Herndl. 2011. Water"],
    [783.0, 9, 'left', 54.7, 282.6, 609.5, 7.0, 'f1', 1.00, "mass specificity of bacterial communities in the North Atlantic revealed by"],
    [783.0, 9, 'left', 54.7, 216.8, 601.5, 7.0, 'f1', 0.94, "massively parallel sequencing. Mol. Ecol. 20:258–274."],
    [783.0, 9, 'left', 46.0, 282.5, 593.5, 7.0, 'f4', 0.70, "3. Bano, N., S. Ruffin, B. Ransom, and J. T. Hollibaugh. 2004. Phylogenetic"],
    [783.0, 9, 'left', 54.7, 282.6, 585.5, 7.0, 'f1', 1.00, "composition of Arctic Ocean archaeal assemblages and comparison with"],
    [783.0, 9, 'left', 54.7, 241.7, 577.5, 7.0, 'f1', 0.95, "Antarctic assemblages. Appl. Environ. Microbiol. 70:781–789."],
    [783.0, 9, 'left', 46.0, 282.6, 569.5, 7.0, 'f1', 0.57, "4. Beman, J. M., and C. A. Francis. 2006. Diversity of ammonia-oxidizing"],
    [783.0, 9, 'left', 54.7, 282.6, 561.5, 7.0, 'f1', 1.00, "archaea and bacteria in the sediments of a hypernutrified subtropical estu-"],
    [783.0, 9, 'left', 54.7, 272.8, 553.5, 7.0, 'f1', 0.95, "ary: Bahia del Tobari, Mexico. Appl. Environ. Microbiol. 72:7767–7777."],
    [783.0, 9, 'left', 46.0, 282.6, 545.5, 7.0, 'f4', 0.57, "5. Beman, J. M., B. N. Popp, and C. A. Francis. 2008. Molecular and biogeo-"],
    [783.0, 9, 'left', 54.7, 282.6, 537.5, 7.0, 'f1', 1.00, "chemical evidence for ammonia oxidation by marine Crenarchaeota in the"],
    [783.0, 9, 'left', 54.7, 172.7, 529.5, 7.0, 'f1', 0.94, "Gulf of California. ISME J. 2:429–441."],
];
