import '../payments.css';

/** /sandbox/terms: the terms an over-the-counter code links to while the built-in sandbox is the gateway. */
export function SandboxTermsPage() {
  return (
    <main className="container sandbox-page">
      <section className="sandbox-card" aria-labelledby="sandbox-terms-title">
        <p className="banner banner-warning sandbox-label">Sandbox gateway — no real money</p>
        <h1 id="sandbox-terms-title">Sandbox Terms and Conditions</h1>
        <ol>
          <li>This school's site runs the platform's sandbox payment gateway: no money changes hands and no bank, card or outlet is contacted.</li>
          <li>A reference code is paid, failed or left pending at the sandbox counter, reached from the payment instructions.</li>
          <li>An unpaid code lapses at its expiry date; the enrollment it was for is then released, with any voucher use and L2E Coins given back.</li>
          <li>Real payments need the school to connect a payment provider; its own terms then apply.</li>
        </ol>
      </section>
    </main>
  );
}
