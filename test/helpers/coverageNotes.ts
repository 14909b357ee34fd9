// The coverage fixture of footnotes and theorems (test/fixtures/coverage/notes.tex, sentences of
// arXiv:2212.11826) as the coverage tests read it: its source, its sentences scored, a sentence found
// by its first words and the line a piece of the source stands on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../standin/server';
import { readProse, scoreSentences, type SentenceCoverage } from '../../src/core/coverage';

export const NOTES_FILE = fixturePath('coverage', 'notes.tex');
export const NOTES_SOURCE = readFileSync(NOTES_FILE, 'utf8');

/** Every sentence of `text` (notes.tex as it is, unless given) read as the file and scored. */
export function coverNotes(text = NOTES_SOURCE): SentenceCoverage[] {
  return scoreSentences(readProse(NOTES_FILE, text).sentences);
}

/** The sentence that starts with `start`; fails the test when there is none. */
export function byText(sentences: readonly SentenceCoverage[], start: string): SentenceCoverage {
  const found = sentences.find((s) => s.text.startsWith(start));
  assert.ok(found, `no sentence starts with "${start}"`);
  return found;
}

/** The 0-based line `needle` first stands on in `source` (notes.tex unless given), as a sentence's `line` counts. */
export function lineOf(needle: string, source = NOTES_SOURCE): number {
  const at = source.indexOf(needle);
  assert.ok(at >= 0, `the source holds no "${needle}"`);
  return source.slice(0, at).split('\n').length - 1;
}
