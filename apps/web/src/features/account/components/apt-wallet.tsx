import { useState } from 'react';
import { toCentavos, wholeCoins } from '@school/shared/payments/rules';
import { dateTimeIn } from '@school/shared/school/dates';
import type { School } from '@school/shared/school/schemas';
import { LoadError } from '@/components/load-error';
import { Loading } from '@/components/loading';
import { Pager } from '@/components/pager';
import { WalletNote } from '@/components/wallet-note';
import { useWallet } from '@/lib/wallet';
import { useWalletEntries, WALLET_PAGE_SIZE } from '../api/wallet-calls';
import { WalletConnection } from './wallet-connection';
import './apt-wallet.css';

/** Coins are shown as whole coins (spec 3 §9). */
const coins = (pesos: number) => wholeCoins(toCentavos(pesos)).toLocaleString('en-PH');

/** APT Wallet (spec 1 §2): the balance in L2E Coins, the connected wallet, and the wallet's transactions, ten a page. */
export function AptWallet({ school }: { school: School }) {
  const [page, setPage] = useState(1);
  const wallet = useWallet(true);
  const entries = useWalletEntries(page);
  // A failed load must not look like an empty wallet or a balance still loading (spec 1 §4).
  if ((wallet.isError && !wallet.data) || (entries.isError && !entries.data)) {
    return (
      <LoadError
        what="Your wallet"
        retry={() => {
          void wallet.refetch();
          void entries.refetch();
        }}
      />
    );
  }
  return (
    <div className="apt-wallet">
      <p className="wallet-balance">
        <span className="muted">Balance</span>
        <strong>{wallet.data ? `${coins(wallet.data.balance)} L2E Coins` : '…'}</strong>
      </p>
      <WalletNote>
        L2E Coins are rewards from {school.name}: each takes one peso off a course or bundle on the payment page. They have no cash value.
      </WalletNote>
      {wallet.data && <WalletConnection wallet={wallet.data} />}
      {entries.isPending ? (
        <Loading />
      ) : !entries.data || entries.data.count === 0 ? (
        <p className="empty-state">No Transaction found.</p>
      ) : (
        <>
          <div className="table-scroll" role="region" aria-label="Wallet transactions" tabIndex={0}>
            <table className="wallet-table">
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Value
                  </th>
                  <th scope="col" className="num">
                    Running Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.description}</td>
                    <td>{dateTimeIn(entry.created_at, school.time_zone)}</td>
                    <td>
                      <span className={`entry-type entry-${entry.type}`}>{entry.type === 'credit' ? 'Credit' : 'Debit'}</span>
                    </td>
                    <td className="num">
                      {entry.type === 'credit' ? '+' : '-'}
                      {coins(Math.abs(entry.value))}
                    </td>
                    <td className="num">{coins(entry.running_balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={entries.data.page} pages={entries.data.pages} count={entries.data.count} perPage={WALLET_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </div>
  );
}
