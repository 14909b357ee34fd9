// Numeric settings are clamped to a range with a warning; unknown keys are found by own keys only.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SETTINGS, resolveSettings, SETTING_KEYS } from '../../../../src/core/settings/index';
import { NUMBER_RANGES } from '../../../../src/core/settings/ranges';

function resolveWithWarnings(values: Record<string, unknown>, env: Record<string, string> = {}) {
  const warnings: string[] = [];
  const settings = resolveSettings(values, env, (m) => warnings.push(m));
  return { settings, warnings };
}

describe('settings ranges', () => {
  it('clamps maxResults 1e9 to 50 and a negative timeout to the floor, saying so', () => {
    const { settings, warnings } = resolveWithWarnings({ maxResults: 1e9, 'http.timeoutMs': -1 });
    assert.equal(settings.maxResults, 50);
    assert.equal(settings['http.timeoutMs'], 50);
    assert.deepEqual(warnings, [
      'Setting "maxResults" is 1000000000; it must be at most 50, so 50 is used.',
      'Setting "http.timeoutMs" is -1; it must be at least 50, so 50 is used.',
    ]);
  });

  it('rounds a fraction and clamps environment values too', () => {
    const { settings, warnings } = resolveWithWarnings({ 'fulltext.topK': 2.6 }, { CITEFINDER_HTTP_RETRIES: '99' });
    assert.equal(settings['fulltext.topK'], 3);
    assert.equal(settings['http.retries'], 10);
    assert.equal(warnings.length, 2);
    assert.match(warnings[0]!, /"fulltext.topK" is 2.6; it must be a whole number, so 3 is used/);
  });

  it('leaves values within range alone, without a warning', () => {
    const { settings, warnings } = resolveWithWarnings({ maxResults: 7, 'sources.arxiv.intervalMs': 0 });
    assert.equal(settings.maxResults, 7);
    assert.equal(settings['sources.arxiv.intervalMs'], 0);
    assert.deepEqual(warnings, []);
  });

  it('still refuses a number that is not one, including an empty environment value', () => {
    assert.throws(() => resolveSettings({}, { CITEFINDER_MAXRESULTS: '' }), /"maxResults" must be a number/);
    assert.throws(() => resolveSettings({ maxResults: 'NaN' }), /"maxResults" must be a number/);
  });

  it('reports toString, constructor and __proto__ as unknown settings instead of taking them', () => {
    const values = JSON.parse('{"toString": 1, "constructor": 2, "__proto__": {"maxResults": 3}, "hasOwnProperty": 4}') as Record<string, unknown>;
    const { settings, warnings } = resolveWithWarnings(values);
    assert.deepEqual(warnings.sort(), [
      'Unknown setting "__proto__" ignored.',
      'Unknown setting "constructor" ignored.',
      'Unknown setting "hasOwnProperty" ignored.',
      'Unknown setting "toString" ignored.',
    ]);
    assert.equal(settings.maxResults, DEFAULT_SETTINGS.maxResults);
  });

  it('gives every numeric setting a range that holds its default', () => {
    for (const key of SETTING_KEYS) {
      const value = DEFAULT_SETTINGS[key];
      if (typeof value !== 'number') continue;
      const range = NUMBER_RANGES[key];
      assert.ok(range, `${key} has a range`);
      assert.ok(range.min <= value && value <= range.max, `${key} default ${value} within [${range.min}, ${range.max}]`);
    }
  });

  it('offers in the editor only values the core accepts (package.json minimum/maximum inside the range)', () => {
    const manifest = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { minimum?: number; maximum?: number }> } };
    };
    for (const [key, range] of Object.entries(NUMBER_RANGES)) {
      const property = manifest.contributes.configuration.properties['citefinder.' + key];
      assert.ok(property, key);
      assert.ok(property.minimum !== undefined && property.minimum >= range.min, `${key} minimum ${property.minimum}`);
      assert.ok(property.maximum !== undefined && property.maximum <= range.max, `${key} maximum ${property.maximum}`);
    }
  });
});
