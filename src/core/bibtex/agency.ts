// Which registration agency holds a DOI, from its prefix, for the prefixes a citation search
// meets most. A DOI prefix belongs to one agency, so its BibTeX can be asked of that agency
// directly: one round trip, where doi.org answers 302 to the same agency first (two). A prefix
// not listed here goes through doi.org, which knows every agency.

export type RegistrationAgency = 'crossref' | 'datacite';

/** Crossref members: preprint servers and the publishers their papers end up with. */
const CROSSREF_PREFIXES = new Set([
  '10.1101', // Cold Spring Harbor: bioRxiv, medRxiv, Genome Research, Genes & Development
  '10.1001', '10.1002', '10.1007', '10.1016', '10.1017', '10.1021', '10.1038', '10.1039', '10.1046',
  '10.1051', '10.1053', '10.1056', '10.1063', '10.1073', '10.1074', '10.1080', '10.1083', '10.1084',
  '10.1086', '10.1088', '10.1089', '10.1091', '10.1093', '10.1097', '10.1098', '10.1103', '10.1109',
  '10.1111', '10.1113', '10.1126', '10.1128', '10.1136', '10.1137', '10.1140', '10.1142', '10.1145',
  '10.1146', '10.1152', '10.1155', '10.1158', '10.1161', '10.1162', '10.1164', '10.1172', '10.1177',
  '10.1183', '10.1186', '10.1200', '10.1212', '10.1214', '10.1242', '10.1261', '10.1364', '10.1371',
  '10.1534', '10.2139', '10.2196', '10.3389', '10.3390', '10.3847', '10.4049', '10.7554', '10.7717',
  '10.12688', '10.15252', '10.18653', '10.21203', '10.20944', '10.31219',
]);

/** DataCite members: arXiv's DOIs (10.48550/arXiv.*) and the data repositories. */
const DATACITE_PREFIXES = new Set(['10.48550', '10.5281', '10.5061', '10.6084', '10.17605']);

/** The agency that registered `doi` (lower-case, normalised), or undefined when not known here. */
export function registrationAgency(doi: string): RegistrationAgency | undefined {
  const prefix = doi.slice(0, doi.indexOf('/'));
  if (CROSSREF_PREFIXES.has(prefix)) return 'crossref';
  if (DATACITE_PREFIXES.has(prefix)) return 'datacite';
  return undefined;
}
