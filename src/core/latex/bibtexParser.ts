// Better BibTeX's parser, on its own so that latex/unicode.ts can load it on first use: required
// there, this module is initialised only then, and its own import keeps the package's ESM build.
export { parse } from '@retorquere/bibtex-parser';
