import { api } from '@cartwheel/shared/api-client';
import type {
  AppExtensions,
  AppFrame,
  AppFrameBody,
  CreateAppBody,
  CreatedApp,
  ShopApp,
} from '@cartwheel/shared/contracts/apps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

const appKeys = {
  list: [...adminKeys.apps, 'apps'] as const,
  extensions: [...adminKeys.apps, 'extensions'] as const,
  frame: (appId: string, body: AppFrameBody) => [...adminKeys.apps, 'frame', appId, body] as const,
};

/** GET /api/admin/apps (admins). */
export function useShopApps() {
  return useQuery({
    queryKey: appKeys.list,
    queryFn: ({ signal }) => api.get<{ items: ShopApp[] }>('/api/admin/apps', { signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/apps: the answer carries the API key's token and the signing secret, shown once. */
export function useCreateShopApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppBody) => api.post<CreatedApp>('/api/admin/apps', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.apps }),
  });
}

/** DELETE /api/admin/apps/:appId: its key is revoked, its links and panels go. */
export function useDeleteShopApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) => api.delete<ShopApp>(`/api/admin/apps/${appId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.apps }),
  });
}

/** GET /api/admin/app-extensions: the sidebar links and panels every member sees. */
export function useAppExtensions() {
  return useQuery({
    queryKey: appKeys.extensions,
    queryFn: ({ signal }) => api.get<AppExtensions>('/api/admin/app-extensions', { signal }),
    staleTime: 60_000,
  });
}

/** POST /api/admin/apps/:appId/frame: a fresh signed address each time the frame is drawn. */
export function useAppFrame(appId: string, body: AppFrameBody) {
  return useQuery({
    queryKey: appKeys.frame(appId, body),
    queryFn: ({ signal }) => api.post<AppFrame>(`/api/admin/apps/${appId}/frame`, body, { signal }),
    // The token lasts five minutes; a frame drawn later asks for a new one.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
