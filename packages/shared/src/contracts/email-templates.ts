import { z } from 'zod';

export const SUBJECT_MAX = 200;
export const INTRO_MAX = 2000;

export const emailTemplate = z.object({
  kind: z.string(),
  name: z.string(),
  description: z.string(),
  /** Marketing email: sent only with consent, always with an unsubscribe link. */
  marketing: z.boolean(),
  subject: z.string(),
  intro: z.string(),
  default_subject: z.string(),
  default_intro: z.string(),
  /** The {names} the subject and intro may use. */
  placeholders: z.array(z.string()),
  customized: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EmailTemplateInfo = z.infer<typeof emailTemplate>;

/** GET /api/admin/email-templates (admin). */
export const emailTemplateList = z.object({ items: z.array(emailTemplate) });

const subject = z
  .string()
  .trim()
  .min(1, 'Subject is required')
  .max(SUBJECT_MAX, `Subject must be at most ${SUBJECT_MAX} characters`)
  .refine((s) => !/[\r\n]/.test(s), 'Subject must be one line');
const intro = z
  .string()
  .trim()
  .min(1, 'Intro is required')
  .max(INTRO_MAX, `Intro must be at most ${INTRO_MAX} characters`);

/**
 * PUT /api/admin/email-templates/:kind: the shop's subject and intro paragraph (plain text with
 * {placeholders}); null goes back to the template's own text, a field left out stays as it is.
 */
export const emailTemplatePatch = z.object({
  subject: subject.nullable().optional(),
  intro: intro.nullable().optional(),
});
export type EmailTemplatePatch = z.infer<typeof emailTemplatePatch>;

/** POST /api/admin/email-templates/:kind/preview: the sample email with a draft subject and intro. */
export const emailTemplatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreview>;
