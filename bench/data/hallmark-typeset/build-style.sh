#!/bin/sh
# Builds hallmark-dev-STYLE.bbl: HALLMARK's dev_public split (never another split) as the BibTeX
# style STYLE writes it (abbrv, alpha, unsrt, abbrvnat, apalike, acm, siam, ieeetr, amsplain,
# elsarticle-num, …: any .bst `kpsewhich` finds). BibTeX alone is run (no LaTeX): the .aux cites every
# entry in the dataset's order. bench/referencesTypeset.ts --style STYLE runs it into a temporary
# folder, so these .bbl files are not committed. Needs TeX Live's bibtex (Debian bookworm:
# texlive-binaries, texlive-base; texlive-latex-base for natbib's and the AMS styles, texlive-publishers for
# IEEEtran's and elsarticle's).
#   sh bench/data/hallmark-typeset/build-style.sh STYLE [DATA_DIR] [OUT_DIR]
#        (defaults /work/shared/datasets/hallmark and this folder)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
style=$1
data=${2:-/work/shared/datasets/hallmark}
out=$(cd "${3:-$here}" && pwd)
kpsewhich "$style.bst" > /dev/null || { echo "no $style.bst here (kpsewhich $style.bst)" >&2; exit 2; }
name=hallmark-dev-$style
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
node "$here/bib.mjs" "$data" > "$work/hallmark-dev.bib"
{
  printf '\\relax\n'
  grep -o '^@[a-z]*{[^,]*' "$work/hallmark-dev.bib" | sed 's/^@[a-z]*{/\\citation{/; s/$/}/'
  printf '\\bibstyle{%s}\n\\bibdata{hallmark-dev}\n' "$style"
} > "$work/$name.aux"
cd "$work"
# BibTeX reports entries without a journal or booktitle (HALLMARK's fabricated ones among them) as errors and still writes them.
bibtex "$name" > bibtex.out || true
grep -c '^\\bibitem' "$name.bbl" >&2
cp "$name.bbl" "$out/"
