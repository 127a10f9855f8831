#!/usr/bin/env bash
# Makes the office documents the preview tests upload (server/src/features/transfers/previews/
# testing/fixtures/): a docx and an odt from text, an xlsx from CSV, a pptx from a PDF, all by
# LibreOffice. Run it again only to change them; the tests use the committed files.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/server/src/features/transfers/previews/testing/fixtures"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lo() { soffice --headless --norestore "-env:UserInstallation=file://$work/profile" "$@" >/dev/null 2>&1; }
printf 'Ferry preview fixture\nQuarterly figures, page one.\n' >"$work/letter.txt"
printf 'name,amount\nAna,12\nBo,7\n' >"$work/sums.csv"
lo --convert-to docx --outdir "$work" "$work/letter.txt"
lo --convert-to odt --outdir "$work" "$work/letter.txt"
lo --convert-to xlsx --outdir "$work" "$work/sums.csv"
lo --convert-to pdf --outdir "$work" "$work/letter.txt"
lo --infilter=impress_pdf_import --convert-to pptx --outdir "$work" "$work/letter.pdf"
mkdir -p "$out"
cp "$work/letter.docx" "$work/letter.odt" "$work/sums.xlsx" "$work/letter.pptx" "$out/"
ls -l "$out"
