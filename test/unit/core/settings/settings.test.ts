import { strict as assert } from 'node:assert';
import {
  DEFAULT_SETTINGS,
  SettingsError,
  envNameFor,
  parseConfigText,
  resolveSettings,
} from '../../../../src/core/settings/index';

describe('settings', () => {
  it('names environment overrides after the dotted keys', () => {
    assert.equal(envNameFor('sources.arxiv.url'), 'CITEFINDER_SOURCES_ARXIV_URL');
    assert.equal(envNameFor('sources.arxivBibtex.url'), 'CITEFINDER_SOURCES_ARXIVBIBTEX_URL');
    assert.equal(envNameFor('maxResults'), 'CITEFINDER_MAXRESULTS');
  });

  it('layers defaults, then config values, then the environment', () => {
    const settings = resolveSettings(
      { maxResults: 4, 'sources.arxiv.url': 'http://mirror/api/query', 'citefinder.llm.model': 'qwen3' },
      { CITEFINDER_SOURCES_ARXIV_URL: 'http://127.0.0.1:1/api/query', CITEFINDER_CACHE_ENABLED: 'false' },
    );
    assert.equal(settings.maxResults, 4);
    assert.equal(settings['sources.arxiv.url'], 'http://127.0.0.1:1/api/query');
    assert.equal(settings['llm.model'], 'qwen3');
    assert.equal(settings['cache.enabled'], false);
    assert.equal(settings['sources.doi.url'], DEFAULT_SETTINGS['sources.doi.url']);
  });

  it('reports unknown keys and rejects values of the wrong type', () => {
    const warnings: string[] = [];
    resolveSettings({ maxResult: 3 }, {}, (m) => warnings.push(m));
    assert.deepEqual(warnings, ['Unknown setting "maxResult" ignored.']);
    assert.throws(() => resolveSettings({ maxResults: 'ten' }), /"maxResults" must be a number/);
    assert.throws(() => resolveSettings({}, { CITEFINDER_GROBID_ENABLED: 'yes' }), /true or false/);
    assert.throws(() => resolveSettings({ 'citeKey.style': 'doi' }), SettingsError);
  });

  it('explains a config file that is not a JSON object', () => {
    assert.throws(() => parseConfigText('{"maxResults": 3,}', 'c.json'), /c\.json is not valid JSON/);
    assert.throws(() => parseConfigText('[1,2]', 'c.json'), /must hold a JSON object/);
    assert.deepEqual(parseConfigText('{"maxResults": 3}', 'c.json'), { maxResults: 3 });
  });
});
