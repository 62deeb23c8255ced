import { ApiError, api } from '@cartwheel/shared/api-client';
import type {
  AiTranslateResponse,
  SaveTranslationsBody,
  TranslatableList,
  TranslateViewType,
  TranslationView,
} from '@cartwheel/shared/contracts/translations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const translationsKey = ['admin', 'translations'] as const;

/** The resources of a type whose name contains `search` (GET /api/admin/translations/:type). */
export function useTranslatables(type: TranslateViewType, search: string) {
  return useQuery({
    queryKey: [...translationsKey, type, 'list', search],
    queryFn: ({ signal }) =>
      api.get<TranslatableList>(`/api/admin/translations/${type}`, { params: { search }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One resource's originals and translations in a language (the shop's first when none is given). */
export function useTranslationView(type: TranslateViewType, key: string, language: string | undefined) {
  return useQuery({
    queryKey: [...translationsKey, type, key, language ?? ''],
    queryFn: ({ signal }) =>
      api.get<TranslationView>(`/api/admin/translations/${type}/${key}`, { params: { language }, signal }),
  });
}

export function useSaveTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTranslationsBody) =>
      api.put<{ written: number; removed: number }>('/api/admin/translations', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: translationsKey }),
  });
}

/** Suggestions from the configured AI provider; nothing is saved. */
export function useAiTranslate() {
  return useMutation({
    mutationFn: (body: { language: string; type: TranslateViewType; key: string }) =>
      api.post<AiTranslateResponse>('/api/admin/translations/ai', body),
  });
}

/** Sends a CSV file as it is (text/csv): the API checks every row and writes all or nothing. */
export function useImportTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const response = await fetch('/api/admin/translations/import', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'text/csv', Accept: 'application/json' },
        body: await file.text(),
      });
      const body = (await response.json().catch(() => null)) as
        | { written: number; removed: number }
        | { error: { code: string; message: string; details?: unknown } }
        | null;
      if (!response.ok || !body || 'error' in body) {
        const error = body && 'error' in body ? body.error : undefined;
        throw new ApiError(
          response.status,
          error?.code ?? 'http_error',
          error?.message ?? 'Import failed',
          error?.details,
        );
      }
      return body;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: translationsKey }),
  });
}
