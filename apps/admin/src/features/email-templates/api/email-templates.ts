import { api } from '@cartwheel/shared/api-client';
import type {
  EmailTemplateInfo,
  EmailTemplatePatch,
  EmailTemplatePreview,
} from '@cartwheel/shared/contracts/email-templates';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'email-templates'] as const,
  preview: (kind: string, subject: string, intro: string) =>
    [...keys.all, 'preview', kind, subject, intro] as const,
};

/** Every template with its subject and intro (GET /api/admin/email-templates). */
export function useEmailTemplates() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      api.get<{ items: EmailTemplateInfo[] }>('/api/admin/email-templates', { signal }).then((r) => r.items),
  });
}

/** The template rendered with sample data and the draft subject and intro (nothing is saved). */
export function useTemplatePreview(kind: string, subject: string, intro: string) {
  return useQuery({
    queryKey: keys.preview(kind, subject, intro),
    queryFn: ({ signal }) =>
      api.post<EmailTemplatePreview>(
        `/api/admin/email-templates/${encodeURIComponent(kind)}/preview`,
        { subject: subject.trim() ? subject : null, intro: intro.trim() ? intro : null },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Saves the subject and intro; null fields go back to the template's own text. */
export function useSaveTemplate(kind: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: EmailTemplatePatch) =>
      api.put<EmailTemplateInfo>(`/api/admin/email-templates/${encodeURIComponent(kind)}`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
