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
