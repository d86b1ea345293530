import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import { localTagger } from './local-tagger';
import { openAiCompatibleTagger } from './openai-compatible-tagger';
import type { TraitTagger } from './tagger';

export type { SuggestedTag, TraitTagger } from './tagger';

/** The configured tagger: AI_PROVIDER=local (default) or openai-compatible, which falls back to local. */
export function createTagger({ env, logger }: { env: Env; logger: Logger }): TraitTagger {
  if (env.AI_PROVIDER === 'openai-compatible' && env.AI_BASE_URL && env.AI_MODEL) {
    return openAiCompatibleTagger({
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
      fallback: localTagger,
      logger,
    });
  }
  return localTagger;
}
