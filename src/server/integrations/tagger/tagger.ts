import type { TraitKey } from '../../../shared/traits';

/** A trait the tagger suggests, with how sure it is and the sentence that supports it. */
export interface SuggestedTag {
  trait: TraitKey;
  /** 0..1 */
  confidence: number;
  evidence: string;
  /**
   * The words in the evidence that show the trait (the evidence rule, decision 034): the evidence
   * must be a sentence of the tagged texts that contains them. A tagger that cannot name them
   * leaves them out; its evidence must then still be a sentence of the texts.
   */
  trigger?: string;
}

/**
 * Reads a client's texts (the matchmaker's intake notes, the client's own free texts) and suggests
 * trait tags from the taxonomy (src/shared/traits.ts). The texts never leave the server except to
 * a configured AI provider.
 */
export interface TraitTagger {
  name: 'local' | 'openai-compatible';
  tag(texts: string[]): Promise<SuggestedTag[]>;
}
