// Everything heavy the extension needs only once the user does something: the pipeline, the
// HTTP and LLM clients, the LaTeX/BibTeX logic behind "Insert citation".
// Built as its own bundle (dist/heavy.js) and required on first use (lazy.ts), so activation
// only pays for the small shell in dist/extension.js.
// Only src/core goes in here: anything holding editor state (the output channel, the set of
// .bib files to keep saved) must stay in the shell, or each bundle would get its own copy.
export { createPipeline } from '../core/pipeline/index';
export { createHttpClient } from '../core/net/http';
export { createLlmClient } from '../core/llm/client';
export { locateClaim } from '../core/manuscript/citeInsert';
export { newWorkOf, planInsert } from '../core/manuscript/insertPlan';
export { chapterRootText, resolveRootFile } from '../core/manuscript/projectRoot';
export { projectFolder, texFilesUnder } from '../core/manuscript/projectFolder';
export { walkIncludes } from '../core/manuscript/projectTree';
export { referencesByHand, ReferencesByHandError } from '../core/manuscript/referencesByHand';
export { addBibliographyEdit, entryTargets, findProjectBibliography } from '../core/manuscript/projectBibliography';
export { detectBetterBibtexExport } from '../core/bibtex/autoExport';
export { answerFromRecords } from '../core/chat';
export { asCandidate, citeByIdentifier, withAuthorityBibtex } from '../core/works/cite';
export { parseIdentifier } from '../core/identity/identifiers';
export { auditProject, AuditCache } from '../core/audit';
export { checkBibliography } from '../core/bibcheck';
export { citedKeys, citedKeySites } from '../core/latex/citeSites';
export { checkReferences, LIST_SOURCES, pastedItems, readReferences, referencesOfWork, textReferences, unidentifiedWhy } from '../core/references';
export { markdownReport } from '../core/references/report';
export { bibCheckEdits } from '../core/bibcheck/apply';
export { replaceEntryEdit } from '../core/bibcheck/replaceEntry';
export { readBibEntries } from '../core/bibtex/entries';
export { danglingLinkRefusal } from '../core/manuscript/danglingLink';
export { applyEdits } from '../core/manuscript/insertPlan';
export { bibtexOfSource } from '../core/bibtex/fetch';
export { bibHasKey, citedStateMessage, citesKey, sentenceCitesKey } from '../core/manuscript/citedState';
export { coverageOfProject, rerankWithLlm } from '../core/coverage';
export { findForSentences } from '../core/coverage/batch';
export { BY_WORDS_ONLY, clearCitation } from '../core/coverage/clearCitation';
