import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { askForJson } from '../ai/openai-improver.ts';
import { ImproverError } from '../ai/product-improver.ts';

/** Translates a resource's English fields into a language; fields it leaves out stay untranslated. */
export interface Translator {
  translate(input: { language: string; fields: Record<string, string> }): Promise<Record<string, string>>;
}

const SYSTEM_PROMPT = `You translate an online shop's content from English.
You get {"language": "<BCP 47 code>", "fields": {"<id>": "<English text>", ...}}.
Translate every field into that language as a native shop would write it: keep Markdown, line breaks,
numbers, sizes, brand and product names that are not words, and never add facts.
Answer with a JSON object only: {"fields": {"<id>": "<translation>", ...}} with the same ids.`;

const answerSchema = z.object({ fields: z.record(z.string(), z.string()) });

/** The offline provider has no model: it says so (422) rather than return a fake translation. */
const offline: Translator = {
  async translate() {
    throw new AppError(
      'unprocessable',
      'ai_cannot_translate',
      'The offline AI provider cannot translate. Configure a language model (AI_PROVIDER=openai) or write the translation yourself.',
    );
  },
};

/** The translator the configuration asks for: none offline, else the OpenAI-compatible endpoint. */
export function createTranslator(ai: Config['ai']): Translator {
  if (ai.provider !== 'openai') return offline;
  const options = { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model, timeoutMs: ai.timeoutMs };
  return {
    async translate(input) {
      let parsed: unknown;
      try {
        parsed = await askForJson(options, SYSTEM_PROMPT, input);
      } catch (error) {
        if (error instanceof ImproverError) throw new AppError('upstream_failed', 'ai_failed', error.message);
        throw error;
      }
      const answer = answerSchema.safeParse(parsed);
      if (!answer.success)
        throw new AppError('upstream_failed', 'ai_failed', 'AI provider returned an invalid response');
      return answer.data.fields;
    },
  };
}
