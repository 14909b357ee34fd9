// The services a core stage is handed, defined once for every stage.
import type { LlmClient } from './llm/types';
import type { HttpClient } from './net/types';
import type { Settings } from './settings/index';

/** What a stage that goes to the network needs: the HTTP client, the settings, the run's cancellation. */
export interface CoreDeps {
  http: HttpClient;
  settings: Settings;
  signal?: AbortSignal;
}

/** The pipeline's services: the network's and the LLM (null: none). Each run brings its own signal. */
export interface PipelineDeps extends Omit<CoreDeps, 'signal'> {
  llm: LlmClient | null;
}
