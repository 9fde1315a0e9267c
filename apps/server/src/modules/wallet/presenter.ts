import { toPesos } from '@school/shared/payments/rules';
import type { WalletEntry } from '@school/shared/payments/schemas';
import type { walletEntries } from '../../db/schema/index';

export const presentEntry = (row: typeof walletEntries.$inferSelect): WalletEntry => ({
  id: row.id,
  description: row.description,
  created_at: row.createdAt.toISOString(),
  type: row.amount > 0 ? 'credit' : 'debit',
  value: toPesos(Math.abs(row.amount)),
  running_balance: toPesos(row.balanceAfter),
});
