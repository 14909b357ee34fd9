// Cite keys from a Better BibTeX / JabRef style formula, and the settings' check of a formula.
import assert from 'node:assert/strict';
import { KeyFormulaError, parseKeyFormula } from '../../../../src/core/settings/citeKeyFormula';
import { citeKeyRule, keyFor } from '../../../../src/core/bibtex/keyFormula';
import { DEFAULT_SETTINGS, resolveSettings, SettingsError } from '../../../../src/core/settings/index';

const perlmutter = {
  authors: ['Perlmutter, S.', 'Aldering, G.', 'Goldhaber, G.'],
  year: 1999,
  title: 'Measurements of $\\Omega$ and $\\Lambda$ from 42 High-Redshift Supernovae',
};
const vaswani = { authors: ['Ashish Vaswani', 'Noam Shazeer'], year: 2017, title: 'Attention Is All You Need' };
const key = (formula: string, fields = perlmutter): string => keyFor(fields, { parts: parseKeyFormula(formula), fallback: 'authorYearWord' });

describe('cite-key formulas', () => {
  it("reads the issue's example and the common JabRef patterns", () => {
    assert.equal(key('[auth:lower][year][shorttitle:1]'), 'perlmutter1999Measurements');
    assert.equal(key('[auth:lower][year][shorttitle:1:lower]'), 'perlmutter1999measurements');
    assert.equal(key('[auth][year]'), 'Perlmutter1999');
    assert.equal(key('[authEtAl][shortyear]'), 'PerlmutterEtAl99');
    assert.equal(key('[authEtAl]', vaswani), 'VaswaniShazeer');
    assert.equal(key('[auth.etal:lower]_[year]'), 'perlmutter.etal_1999');
    assert.equal(key('[authors2]'), 'PerlmutterAlderingEtAl');
    assert.equal(key('[auth4]-[auth3_2]'), 'Perl-Ald');
    assert.equal(key('[authorLast:upper]'), 'GOLDHABER');
  });

  it('takes title words and shortens them with modifiers', () => {
    // Math ($\\Omega$) and bare numbers (42) are no words; a hyphenated word stays one.
    assert.equal(key('[shorttitle]'), 'MeasurementsHighredshiftSupernovae');
    assert.equal(key('[veryshorttitle:lower]', vaswani), 'attention');
    assert.equal(key('[title:abbr:upper]', vaswani), 'AIAYN');
    assert.equal(key('[title:skipwords:2]', vaswani), 'AttentionNeed');
    assert.equal(key('[title:select,2,2:lower]', vaswani), 'isall');
    assert.equal(key('[title:truncate6]', vaswani), 'Attent');
  });

  it('falls back to the named style when the formula yields nothing', () => {
    assert.equal(key('[auth]', { authors: [], year: 2001, title: 'On Things' }), 'anon2001things');
  });

  it('explains a formula it cannot read', () => {
    assert.throws(() => parseKeyFormula('[auth:lower][yaer]'), /Unknown field "\[yaer\]"/);
    assert.throws(() => parseKeyFormula('[auth:lowercase]'), /Unknown modifier ":lowercase"/);
    assert.throws(() => parseKeyFormula('[auth'), KeyFormulaError);
    assert.throws(() => parseKeyFormula('[auth] [year]'), /cannot be part of a cite key/);
    assert.throws(() => parseKeyFormula('plain'), /at least one \[field\]/);
  });

  it('is a setting: checked when read, and preferred over the style when set', () => {
    assert.throws(() => resolveSettings({ 'citeKey.formula': '[nope]' }), SettingsError);
    assert.equal(citeKeyRule(DEFAULT_SETTINGS), 'authorYearWord');
    const rule = citeKeyRule(resolveSettings({ 'citeKey.formula': '[auth:lower][year]', 'citeKey.style': 'authorYear' }));
    assert.ok(typeof rule === 'object' && rule.fallback === 'authorYear');
    assert.equal(keyFor(vaswani, rule), 'vaswani2017');
  });
});
