import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@school/shared/payments/schemas';
import { api } from './api-client';
import { useSession } from './session';

/** The caller's coin wallet (one per user, every school): the payment page and the APT Wallet tab read it. */
export const walletQueryOptions = (token: string | undefined) => queryOptions({ queryKey: ['wallet', token, 'balance'], queryFn: () => api<Wallet>('/wallets/') });

/** Only where the school has the apt_coins product: elsewhere there is nothing to show. */
export const useWallet = (enabled: boolean) => useQuery({ ...walletQueryOptions(useSession()?.token), enabled });
