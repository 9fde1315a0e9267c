import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@school/shared/school/schemas';
import { api } from './api-client';

export const getClientConfig = () => api<ClientConfig>('/client-config/');
export const clientConfigQueryOptions = () => queryOptions({ queryKey: ['client-config'], queryFn: getClientConfig, staleTime: Infinity });
export const useClientConfig = () => useQuery(clientConfigQueryOptions());
