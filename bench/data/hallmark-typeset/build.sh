#!/bin/sh
# Builds hallmark-dev.bbl and hallmark-dev.pdf from HALLMARK's dev_public split (never another
# split) with TeX Live 2022 (Debian: texlive-latex-base, texlive-latex-recommended). Run from
# anywhere:   sh bench/data/hallmark-typeset/build.sh [DATA_DIR]   (default /work/shared/datasets/hallmark)
# Only the .bbl and the PDF are kept; the .bib and TeX's logs are built in a temporary folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${1:-/work/shared/datasets/hallmark}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
node "$here/bib.mjs" "$data" > "$work/hallmark-dev.bib"
cp "$here/hallmark-dev.tex" "$work/"
cd "$work"
# A fixed date, so that the PDF is the same bytes from one build to the next.
export SOURCE_DATE_EPOCH=1767225600 FORCE_SOURCE_DATE=1
pdflatex -interaction=nonstopmode -halt-on-error hallmark-dev.tex > /dev/null
bibtex hallmark-dev > bibtex.out || { cat bibtex.out; exit 1; }
pdflatex -interaction=nonstopmode -halt-on-error hallmark-dev.tex > /dev/null
pdflatex -interaction=nonstopmode -halt-on-error hallmark-dev.tex > /dev/null
grep -c '^\\bibitem' hallmark-dev.bbl
cp hallmark-dev.bbl hallmark-dev.pdf "$here/"
