#!/bin/sh
# A small PDF for the unit tests: the committed hallmark-dev.bbl's first N \bibitems (default
# 100) typeset with the same hallmark-dev.tex, so its pages are the full PDF's first pages; the
# trimmed .bbl is written beside the PDF (same name, .bbl).
#   sh bench/data/hallmark-typeset/sample.sh [N] [OUT]   (default OUT test/fixtures/references/hallmark-typeset-first100.pdf)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
n=${1:-100}
out=$(realpath "${2:-$here/../../../test/fixtures/references/hallmark-typeset-first$n.pdf}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The header (up to the first \bibitem), then items 1..n, then the end of the list.
awk -v n="$n" '/^\\bibitem/ { k++ } k <= n && !/^\\end\{thebibliography\}/ { print } END { print "\\end{thebibliography}" }' "$here/hallmark-dev.bbl" > "$work/hallmark-dev.bbl"
cp "$here/hallmark-dev.tex" "$work/"
cd "$work"
export SOURCE_DATE_EPOCH=1767225600 FORCE_SOURCE_DATE=1
pdflatex -interaction=nonstopmode -halt-on-error hallmark-dev.tex > /dev/null
pdflatex -interaction=nonstopmode -halt-on-error hallmark-dev.tex > /dev/null
cp hallmark-dev.pdf "$out"
cp hallmark-dev.bbl "${out%.pdf}.bbl"
