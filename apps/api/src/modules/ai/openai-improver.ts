import { z } from 'zod';
import { ImproverError, type ProductCopy, type ProductImprover } from './product-improver.ts';

export interface OpenAiImproverOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama); /chat/completions is appended. */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const SYSTEM_PROMPT = `You improve product listings for an online shop.
Rewrite the product name and description so they are clear, well formatted and easy to scan:
- The name: concise title case, no marketing fluff, no trailing punctuation.
- The description: plain text (no Markdown, no HTML), correct spelling and punctuation, a clear first
  sentence that says what the product is, short paragraphs.
- Keep every fact that is given (sizes, materials, quantities, care instructions, numbers).
- Never invent facts, claims, prices, awards or specifications that are not in the input.
Answer with a JSON object only: {"name": "...", "description": "..."}.`;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const improvedSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(20_000),
});

/** Text of an error body from an OpenAI-compatible server, shortened for a toast. */
async function providerMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : typeof body.error?.message === 'string'
          ? body.error.message
          : typeof body.message === 'string'
            ? body.message
            : '';
    return message.slice(0, 200);
  } catch {
    return '';
  }
}

/** Strips a ```json fence some models put around their answer. */
function unfence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return match ? match[1]! : text;
}

/**
 * Asks an OpenAI-compatible chat completions endpoint for a JSON answer to `user` (sent as JSON) and
 * returns it parsed; every failure is an ImproverError with a message for the back office.
 */
export async function askForJson(
  options: OpenAiImproverOptions,
  system: string,
  user: unknown,
): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const limit =
    options.timeoutMs < 1000 ? `${options.timeoutMs} ms` : `${Math.round(options.timeoutMs / 1000)} s`;
  const timedOut = () => new ImproverError(`AI provider did not answer within ${limit}`);
  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: JSON.stringify(user) },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw timedOut();
    }
    throw new ImproverError('AI provider could not be reached');
  }
  if (!response.ok) {
    const detail = await providerMessage(response);
    throw new ImproverError(`AI provider returned HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  let content: string;
  try {
    content = completionSchema.parse(await response.json()).choices[0]!.message.content;
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw timedOut();
    }
    throw new ImproverError('AI provider returned an invalid response');
  }
  try {
    return JSON.parse(unfence(content));
  } catch {
    throw new ImproverError('AI provider returned an invalid response');
  }
}

/** Any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, LM Studio...). */
export function createOpenAiImprover(options: OpenAiImproverOptions): ProductImprover {
  return {
    mode: { provider: 'openai', model: options.model },
    async improve(input: ProductCopy) {
      const parsed = await askForJson(options, SYSTEM_PROMPT, {
        name: input.name,
        description: input.description,
      });
      const result = improvedSchema.safeParse(parsed);
      if (!result.success) throw new ImproverError('AI provider returned an invalid response');
      return result.data;
    },
  };
}
