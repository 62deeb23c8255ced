import { z } from 'zod';
import { PRODUCT_MESSAGES } from './admin-products.ts';

/** POST /api/admin/ai/improve-product: a better name and description for a product. */
export const improveProductBody = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.aiNameRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.aiNameRequired)
    .max(200, 'Product name must be at most 200 characters'),
  description: z.string().max(20_000, 'Description must be at most 20000 characters').default(''),
});
export type ImproveProductBody = z.input<typeof improveProductBody>;

export const improvedProduct = z.object({
  name: z.string(),
  description: z.string(),
});
export type ImprovedProduct = z.infer<typeof improvedProduct>;

/**
 * Which rewriter answered: `local` is the offline rule set (no AI service configured, `model` null);
 * `openai` is the configured model of an OpenAI-compatible service.
 */
export const improverMode = z.object({
  provider: z.enum(['local', 'openai']),
  model: z.string().nullable(),
});
export type ImproverMode = z.infer<typeof improverMode>;

/** Success carries the improved text; failures are an error body (502) whose message the UI shows. */
export const improveProductResponse = z.object({
  success: z.boolean(),
  improved: improvedProduct,
  mode: improverMode,
  error: z.string().optional(),
});
export type ImproveProductResponse = z.infer<typeof improveProductResponse>;
