import type { ImprovedProduct, ImproverMode } from '@cartwheel/shared/contracts/ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { createLocalImprover } from './local-improver.ts';
import { createOpenAiImprover } from './openai-improver.ts';

export interface ProductCopy {
  name: string;
  description: string;
}

/** Rewrites a product's name and description. Implementations return plain text only. */
export interface ProductImprover {
  /** What the back office tells the user: offline rules, or which model answers. */
  readonly mode: ImproverMode;
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

/**
 * The improved copy, or an `upstream_failed` error: a provider's own message when it gave one,
 * "AI provider failed" (and a log line) for anything else.
 */
export async function improveProductCopy(
  improver: ProductImprover,
  copy: ProductCopy,
  log: FastifyBaseLogger,
): Promise<ImprovedProduct> {
  try {
    return await improver.improve(copy);
  } catch (error) {
    if (error instanceof ImproverError) throw new AppError('upstream_failed', 'ai_failed', error.message);
    log.error({ err: error }, 'product improver failed');
    throw new AppError('upstream_failed', 'ai_failed', 'AI provider failed');
  }
}
