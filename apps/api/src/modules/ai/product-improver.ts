import type { ImprovedProduct } from '@cartwheel/shared/contracts/ai';
import type { Config } from '../../config.ts';
import { createLocalImprover } from './local-improver.ts';
import { createOpenAiImprover } from './openai-improver.ts';

export interface ProductCopy {
  name: string;
  description: string;
}

/** Rewrites a product's name and description. Implementations return plain text only. */
export interface ProductImprover {
  readonly provider: 'local' | 'openai';
  improve(input: ProductCopy): Promise<ImprovedProduct>;
}

/** A provider failure; its message ends up in "Failed to improve product: {message}". */
export class ImproverError extends Error {
  override readonly name = 'ImproverError';
}

/** The improver the configuration asks for: `local` (default, offline) or `openai` (any compatible endpoint). */
export function createProductImprover(ai: Config['ai']): ProductImprover {
  if (ai.provider === 'openai') {
    return createOpenAiImprover({
      baseUrl: ai.baseUrl,
      apiKey: ai.apiKey,
      model: ai.model,
      timeoutMs: ai.timeoutMs,
    });
  }
  return createLocalImprover();
}
