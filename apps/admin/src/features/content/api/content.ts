import { ApiError, api } from '@cartwheel/shared/api-client';
import type {
  ContentImage,
  ContentPage,
  HomeContent,
  HomeContentRead,
  PageInput,
  StoreSettingsPatch,
  StoreSettingsRead,
} from '@cartwheel/shared/contracts/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  home: ['admin', 'content', 'home'] as const,
  pages: ['admin', 'content', 'pages'] as const,
  page: (id: string) => ['admin', 'content', 'pages', id] as const,
  store: ['admin', 'online-store'] as const,
};

export function useHomeContent() {
  return useQuery({
    queryKey: keys.home,
    queryFn: ({ signal }) => api.get<HomeContentRead>('/api/admin/content/home', { signal }),
  });
}

export function useSaveHomeContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: HomeContent) => api.put<HomeContentRead>('/api/admin/content/home', content),
    onSuccess: (saved) => client.setQueryData(keys.home, saved),
  });
}

export function usePages() {
  return useQuery({
    queryKey: keys.pages,
    queryFn: ({ signal }) =>
      api.get<{ items: Omit<ContentPage, 'body'>[] }>('/api/admin/content/pages', { signal }),
  });
}

export function usePage(id: string | null) {
  return useQuery({
    queryKey: keys.page(id ?? ''),
    queryFn: ({ signal }) => api.get<ContentPage>(`/api/admin/content/pages/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Creates a page (id null) or replaces one; then the list is read again. */
export function useSavePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PageInput }) =>
      id
        ? api.put<ContentPage>(`/api/admin/content/pages/${id}`, input)
        : api.post<ContentPage>('/api/admin/content/pages', input),
    onSuccess: (saved) => {
      client.setQueryData(keys.page(saved.id), saved);
      return client.invalidateQueries({ queryKey: keys.pages, exact: true });
    },
  });
}

export function useDeletePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/admin/content/pages/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.pages, exact: true }),
  });
}

export function useStoreSettings() {
  return useQuery({
    queryKey: keys.store,
    queryFn: ({ signal }) => api.get<StoreSettingsRead>('/api/admin/online-store', { signal }),
  });
}

export function useSaveStoreSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: StoreSettingsPatch) => api.patch<StoreSettingsRead>('/api/admin/online-store', patch),
    onSuccess: (saved) => client.setQueryData(keys.store, saved),
  });
}

/** POST /api/admin/content/images: the file as the body; resolves with the stored image and its copies. */
export async function uploadContentImage(file: File): Promise<ContentImage> {
  const response = await fetch('/api/admin/content/images', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as
    | ContentImage
    | { error: { code: string; message: string } }
    | null;
  if (!response.ok || !body || !('url' in body)) {
    const error = body && 'error' in body ? body.error : { code: 'upload_failed', message: 'Upload failed' };
    throw new ApiError(response.status, error.code, error.message);
  }
  return body;
}
