// A small manuscript for the coverage tests, from the offline demo's claims (examples/main.tex):
// two uncited claims, each between sentences that cite.
export const DEMO_MANUSCRIPT = `\\documentclass{article}
\\begin{document}
\\section{Introduction}
The discovery of cosmic acceleration reshaped cosmology~\\cite{riess1998}.
Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.
Dark energy makes up most of the energy density of the universe~\\cite{perlmutter1999}.

Machine learning models can predict the in-hospital mortality of patients from routinely collected electronic health records.
Such models must be evaluated prospectively~\\cite{rajkomar2018}.
\\end{document}
`;

/** The same with the supernova claim made again, uncited, in a later section. */
export const DEMO_WITH_REPEATED_CLAIM = DEMO_MANUSCRIPT.replace(
  '\\end{document}',
  `\\section{Related work}
Distant supernovae were studied by two teams~\\cite{riess1998}.
Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.
\\end{document}`,
);

export const DEMO_SENTENCES = {
  supernova: 'Observations of distant Type Ia supernovae indicate that the expansion of the universe is accelerating.',
  mortality: 'Machine learning models can predict the in-hospital mortality of patients from routinely collected electronic health records.',
  wakefield: 'Wakefield et al. (1998) described twelve children with bowel disease and developmental regression.',
  perlmutter: 'Perlmutter et al. (1999) measured the mass density of the universe from distant supernovae.',
};

/**
 * Four uncited sentences for a batch that cites on its own: two that one work clearly supports
 * (the supernova claim, and a mention of its authors), one whose best work is only related, and
 * one whose work is retracted. It cites with natbib into refs.bib.
 */
export const DEMO_TO_CITE = `\\documentclass{article}
\\usepackage{natbib}
\\begin{document}
\\section{Introduction}
The discovery of cosmic acceleration reshaped cosmology~\\cite{riess1998}.
${DEMO_SENTENCES.supernova}
Dark energy makes up most of the energy density of the universe~\\cite{riess1998}.
${DEMO_SENTENCES.perlmutter}

${DEMO_SENTENCES.mortality}
Such models must be evaluated prospectively~\\cite{riess1998}.
${DEMO_SENTENCES.wakefield}
\\bibliography{refs}
\\end{document}
`;
