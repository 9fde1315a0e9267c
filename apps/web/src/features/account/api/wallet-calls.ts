import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListPage } from '@school/shared/api/errors';
import { WALLET_PAGE_SIZE } from '@school/shared/payments/rules';
import type { WalletEntry } from '@school/shared/payments/schemas';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export { WALLET_PAGE_SIZE };

/** The APT Wallet tab's transactions, newest first; the last page stays on screen while the next loads. */
export function useWalletEntries(page: number) {
  const session = useSession()!;
  return useQuery({
    queryKey: ['wallet', session.token, 'entries', page],
    queryFn: () => api<ListPage<WalletEntry>>(`/wallets/transactions/?${new URLSearchParams({ page: String(page), perpage: String(WALLET_PAGE_SIZE) })}`),
    placeholderData: keepPreviousData,
  });
}
