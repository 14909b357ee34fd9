// Astronomy's journal macros: NASA ADS exports `journal = {\apj}` and the AAS, A&A and MNRAS
// classes print the name (aas_macros.sty). Read as the journal they stand for, so an ADS entry's
// venue is held against Crossref's "The Astrophysical Journal" instead of reading as nothing.
// The journals' own abbreviations (ApJ, Ap. J., MNRAS, A&A, PRL) join the venue table beside their
// names: no word of "ApJ" abbreviates a word of "The Astrophysical Journal".

/** Macro name → the journal it prints. */
const AAS_JOURNALS: Readonly<Record<string, string>> = {
  aj: 'The Astronomical Journal',
  actaa: 'Acta Astronomica',
  araa: 'Annual Review of Astronomy and Astrophysics',
  apj: 'The Astrophysical Journal',
  apjl: 'The Astrophysical Journal Letters',
  apjs: 'The Astrophysical Journal Supplement Series',
  ao: 'Applied Optics',
  apss: 'Astrophysics and Space Science',
  aap: 'Astronomy and Astrophysics',
  aapr: 'Astronomy and Astrophysics Review',
  aaps: 'Astronomy and Astrophysics Supplement Series',
  azh: 'Astronomicheskii Zhurnal',
  baas: 'Bulletin of the American Astronomical Society',
  caa: 'Chinese Astronomy and Astrophysics',
  cjaa: 'Chinese Journal of Astronomy and Astrophysics',
  icarus: 'Icarus',
  jcap: 'Journal of Cosmology and Astroparticle Physics',
  jrasc: 'Journal of the Royal Astronomical Society of Canada',
  memras: 'Memoirs of the Royal Astronomical Society',
  mnras: 'Monthly Notices of the Royal Astronomical Society',
  na: 'New Astronomy',
  nar: 'New Astronomy Reviews',
  pra: 'Physical Review A',
  prb: 'Physical Review B',
  prc: 'Physical Review C',
  prd: 'Physical Review D',
  pre: 'Physical Review E',
  prl: 'Physical Review Letters',
  pasa: 'Publications of the Astronomical Society of Australia',
  pasp: 'Publications of the Astronomical Society of the Pacific',
  pasj: 'Publications of the Astronomical Society of Japan',
  psj: 'The Planetary Science Journal',
  qjras: 'Quarterly Journal of the Royal Astronomical Society',
  rmxaa: 'Revista Mexicana de Astronomia y Astrofisica',
  skytel: 'Sky and Telescope',
  solphys: 'Solar Physics',
  sovast: 'Soviet Astronomy',
  ssr: 'Space Science Reviews',
  zap: 'Zeitschrift fur Astrophysik',
  nat: 'Nature',
  natastron: 'Nature Astronomy',
  iaucirc: 'IAU Circulars',
  aplett: 'Astrophysics Letters',
  bain: 'Bulletin of the Astronomical Institutes of the Netherlands',
  fcp: 'Fundamentals of Cosmic Physics',
  gca: 'Geochimica et Cosmochimica Acta',
  grl: 'Geophysical Research Letters',
  jcp: 'The Journal of Chemical Physics',
  jgr: 'Journal of Geophysical Research',
  jqsrt: 'Journal of Quantitative Spectroscopy and Radiative Transfer',
  memsai: 'Memorie della Societa Astronomica Italiana',
  nphysa: 'Nuclear Physics A',
  physrep: 'Physics Reports',
  physscr: 'Physica Scripta',
  planss: 'Planetary and Space Science',
  procspie: 'Proceedings of the SPIE',
};

/** `\apj` or `{\apj}` as "The Astrophysical Journal"; any other venue as it is. */
export function expandJournalMacro(venue: string): string {
  const macro = /^\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*$/.exec(venue)?.[1];
  return (macro && AAS_JOURNALS[macro.toLowerCase()]) ?? venue;
}

/** Macro name → the journals' own abbreviations of that journal (those a word-by-word prefix rule cannot read). */
const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  apj: ['ApJ', 'Ap. J.'],
  apjl: ['ApJL', 'ApJ Lett.', 'ApJ Letters', 'Ap. J. Lett.'],
  apjs: ['ApJS', 'ApJ Suppl.', 'Ap. J. Suppl.'],
  aj: ['AJ'],
  mnras: ['MNRAS'],
  aap: ['A&A'],
  aapr: ['A&ARv', 'A&A Rev.'],
  araa: ['ARA&A'],
  apss: ['Ap&SS'],
  pasp: ['PASP'],
  pasj: ['PASJ'],
  pasa: ['PASA'],
  psj: ['PSJ'],
  jcap: ['JCAP'],
  ssr: ['SSRv'],
  pra: ['PRA'],
  prb: ['PRB'],
  prc: ['PRC'],
  prd: ['PRD'],
  pre: ['PRE'],
  prl: ['PRL'],
};

/**
 * The journals whose own abbreviations a word-by-word prefix rule cannot read, by macro name: the
 * name the macro prints, then those abbreviations. Entries of the venue table (venues.ts).
 */
export function abbreviatedJournals(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(ABBREVIATIONS).map(([macro, names]) => [macro, [AAS_JOURNALS[macro]!, ...names]]));
}
