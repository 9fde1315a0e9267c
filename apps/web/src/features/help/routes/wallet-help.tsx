import { COIN_RATE_NOTE } from '@school/shared/payments/money';
import { PageHeader } from '@/components/breadcrumb';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useSchool } from '@/lib/school';

/** /help/wallet: the wallet words (L2E Coins, APT Wallet, Connect Wallet, Log in with wallet) in plain words. */
export function WalletHelp() {
  const { data: school } = useSchool();
  if (!school) return <Loading />;
  const title = 'L2E Coins and wallets';
  return (
    <main>
      <PageHeader title={title} cover={school.cover} trail={[{ label: 'Home', to: paths.home }, { label: title }]} />
      <article className="container policy-text">
        <section aria-labelledby="help-coins">
          <h2 id="help-coins">L2E Coins</h2>
          <p>
            L2E (learn-to-earn) Coins are rewards from {school.name}: for signing up as a member of a partner group, or for finishing some
            courses. On the payment page each coin takes one peso off the price of a course or bundle ({COIN_RATE_NOTE}). Coins have no cash
            value: they cannot be bought, sold or withdrawn.
          </p>
        </section>
        <section aria-labelledby="help-apt">
          <h2 id="help-apt">APT Wallet</h2>
          <p>
            APT Wallet is the tab of your account that keeps your coins: your balance and every coin received or spent. You have it as soon as you
            have an account; nothing needs to be installed.
          </p>
        </section>
        <section aria-labelledby="help-connect">
          <h2 id="help-connect">Connect Wallet (optional)</h2>
          <p>
            If you use a crypto wallet in your browser, such as MetaMask, you may connect it in the APT Wallet tab. The wallet signs a one-time
            message to show that its address is yours; this costs nothing and moves no money. You do not need one to study, to pay or to spend
            coins on a course.
          </p>
          <p>A connected wallet lets you log in without your password (Log in with wallet), and it is asked to sign when you spend coins on a course bundle.</p>
        </section>
      </article>
    </main>
  );
}
