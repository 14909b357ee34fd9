#!/bin/sh
# Builds hallmark-dev-apsrev.bbl: HALLMARK's dev_public split (never another split) as REVTeX's
# apsrev4-2 style writes it (every field tagged \bibinfo), the bibliography of APS and AIP
# journals and of much of physics on arXiv. BibTeX alone is run (no LaTeX): the .aux cites every
# entry in the dataset's order after the control entries REVTeX 4.2 writes (article titles
# printed). With "notitle", no control entry is cited, so article titles are left out as in PRL's
# form, into hallmark-dev-apsrev-notitle.bbl. Needs TeX Live's bibtex and apsrev4-2.bst (Debian
# bookworm: apt-get install --no-install-recommends texlive-binaries texlive-publishers). Run from anywhere:
#   sh bench/data/hallmark-typeset/build-apsrev.sh [DATA_DIR] [notitle]   (default /work/shared/datasets/hallmark)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${1:-/work/shared/datasets/hallmark}
name=hallmark-dev-apsrev${2:+-$2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
node "$here/bib.mjs" "$data" > "$work/hallmark-dev.bib"
printf '@CONTROL{REVTEX42Control}\n@CONTROL{apsrev42Control,author="08",editor="1",pages="0",title="0",year="1"}\n' > "$work/control.bib"
{
  printf '\\relax\n'
  [ "${2:-}" = notitle ] || printf '\\citation{REVTEX42Control}\n\\citation{apsrev42Control}\n'
  grep -o '^@[a-z]*{[^,]*' "$work/hallmark-dev.bib" | sed 's/^@[a-z]*{/\\citation{/; s/$/}/'
  printf '\\bibstyle{apsrev4-2}\n\\bibdata{control,hallmark-dev}\n'
} > "$work/$name.aux"
cd "$work"
# BibTeX reports entries without a journal or booktitle (HALLMARK's fabricated ones among them) as errors and still writes them.
bibtex "$name" > bibtex.out || true
grep -c '^\\bibitem' "$name.bbl"
cp "$name.bbl" "$here/"
