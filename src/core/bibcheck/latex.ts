// An entry whose LaTeX is malformed (Crossref's mangled maths `$\{upOmega}$`, HTML or MathML
// tags copied from a web page) breaks the user's LaTeX run, even when it names the right work
// with the right words: Check Bibliography must not call it "ok". The comparison in compare.ts
// leaves maths out on purpose (authorities write it in their own ways), so this is checked apart.
import { latexProblems, repairLatex } from '../latex/health';
import { fieldValue, type ComparedField, type FieldDifference } from './compare';

const CHECKED: readonly ComparedField[] = ['title', 'venue', 'author'];

export interface LatexFindings {
  /** Fields to correct from the authority (whose value for them is well-formed). */
  fields: Partial<Record<ComparedField, FieldDifference>>;
  /** What is wrong, in words; '' when nothing. */
  message: string;
  /** True when some malformed field has no well-formed authority value to take instead. */
  unfixable: boolean;
}

export function latexFindings(
  ours: Readonly<Record<string, string | undefined>>,
  authority: Readonly<Record<string, string | undefined>>,
): LatexFindings {
  const findings: LatexFindings = { fields: {}, message: '', unfixable: false };
  const parts: string[] = [];
  for (const name of CHECKED) {
    const mine = fieldValue(ours, name);
    const problems = mine ? latexProblems(mine) : [];
    if (!mine || problems.length === 0) continue;
    // Our own value repaired is the best correction when the repair is certain: an authority's
    // JSON often drops the maths altogether ("Measurements of and from …").
    const repaired = repairLatex(mine);
    const authorityValue = fieldValue(authority, name);
    const theirs = repaired !== undefined && latexProblems(repaired).length === 0 ? repaired : authorityValue;
    const fixable = theirs !== undefined && latexProblems(theirs).length === 0;
    if (fixable) findings.fields[name] = { ours: mine, authority: theirs };
    else findings.unfixable = true;
    parts.push(`${name} has malformed LaTeX (${problems.join('; ')})${fixable ? '' : '; correct it by hand'}`);
  }
  findings.message = parts.length ? `Its ${parts.join(', and its ')}.` : '';
  return findings;
}
