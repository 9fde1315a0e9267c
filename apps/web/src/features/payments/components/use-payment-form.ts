import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { paymentMessages, walletMessages, WALLET_VERIFICATION_FAILED, type PaymentMode } from '@school/shared/payments/rules';
import type { Channels, ProcessBody } from '@school/shared/payments/schemas';
import { notify } from '@/components/toast';
import { ApiError } from '@/lib/api-error';
import { readServerError } from '@/lib/server-errors';
import { signBundleCoins } from '@/lib/wallet-flows';
import { fetchFees, useApplyCoins, useFees, useVoucherCheck, type ItemKind } from '../api/payment-calls';
import { feesBody, isWaiver, processBody, type PaymentChoices, type PurchaseTarget } from './payment-body';

export interface PaymentFormTarget extends PurchaseTarget {
  /** The course or bundle the voucher and coin paths name (a class is bought under its course). */
  kind: ItemKind;
  itemId: number;
}

export interface Note {
  ok: boolean;
  text: string;
}

/** The fields a refused purchase may name (`{ field: [message] }`), each shown under its input. */
export const PROCESS_FIELDS = ['compliance_period', 'voucher_code', 'coins', 'channel_code', 'gateway', 'processor_type'] as const;
export type FieldErrors = Partial<Record<(typeof PROCESS_FIELDS)[number], string>>;

/** Removing the voucher or the coins clears the waiver at once (spec 3 §4); the fees may set it again. */
const unwaived = (choices: PaymentChoices): PaymentChoices => (isWaiver(choices.mode) ? { ...choices, mode: null } : choices);

/** The server's words for a refused voucher or coins (spec 3 §8), or the generic text for a server failure. */
const serverMessage = (error: unknown) => readServerError(error, []).banner ?? '';

/**
 * The payment page's state and its transitions (spec 3 §4 "Payment page"). The figures always come from the
 * server's fees answer; a voucher or coins that cover the whole total set the waiver pseudo-mode.
 */
export function usePaymentForm(target: PaymentFormTarget, channels: Channels | undefined, balance: number, initialPeriod: number | undefined) {
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<PaymentChoices>({ mode: null, channel: '', voucher: null, coins: 0, period: initialPeriod });
  const latest = useRef(choices);
  latest.current = choices;
  const [voucherInput, setVoucherInput] = useState('');
  const [coinsInput, setCoinsInput] = useState('0');
  const [voucherNote, setVoucherNote] = useState<Note | null>(null);
  const [coinsNote, setCoinsNote] = useState<Note | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const voucherCheck = useVoucherCheck();
  const coinsCall = useApplyCoins();
  const [signing, setSigning] = useState(false);
  const fees = useFees(feesBody(target, choices, channels));
  const [settling, setSettling] = useState(false);

  const clearErrors = (...fields: (keyof FieldErrors)[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k as keyof FieldErrors))));
  const update = (change: Partial<PaymentChoices>) => setChoices((c) => ({ ...c, ...change }));

  /**
   * After the voucher or the coins change: the fees for the new choices, then the waiver they make. A total
   * of 0 sets the mode to what waives it (and clears the channel); otherwise a waiver no longer holds.
   */
  async function settle(next: PaymentChoices) {
    setChoices(next);
    setSettling(true);
    let waivedBy: PaymentChoices['mode'] = null;
    try {
      waivedBy = (await fetchFees(queryClient, feesBody(target, next, channels))).waived_by;
    } catch {
      // The breakdown shows the failed fees itself; the mode stays as it was.
    }
    setSettling(false);
    setChoices((c) => {
      if (c.voucher !== next.voucher || c.coins !== next.coins) return c;
      return waivedBy ? { ...c, mode: waivedBy, channel: '' } : unwaived(c);
    });
  }

  /** Choosing a mode clears the channel (spec 3 §4); the fees follow the new choices. */
  function chooseMode(mode: PaymentMode) {
    update({ mode, channel: '' });
    clearErrors('processor_type', 'channel_code', 'gateway');
  }

  function chooseChannel(channel: string) {
    update({ channel });
    clearErrors('channel_code', 'gateway');
  }

  function choosePeriod(period: number | undefined) {
    update({ period });
    clearErrors('compliance_period');
  }

  function editVoucher(code: string) {
    setVoucherInput(code);
    setVoucherNote(null);
    clearErrors('voucher_code');
  }

  function editCoins(value: string) {
    setCoinsInput(value);
    setCoinsNote(null);
    clearErrors('coins');
  }

  async function applyVoucher() {
    const code = voucherInput.trim();
    if (!code) return;
    setVoucherNote(null);
    try {
      const answer = await voucherCheck.mutateAsync({ code, kind: target.kind, id: target.itemId });
      if (!answer.success) return setVoucherNote({ ok: false, text: answer.message });
    } catch (error) {
      return setVoucherNote({ ok: false, text: serverMessage(error) });
    }
    setVoucherNote({ ok: true, text: paymentMessages.voucherApplied });
    const current = latest.current;
    let next: PaymentChoices = { ...current, voucher: code };
    // A voucher that alone covers the price makes the coins needless: they are removed (spec 3 §4).
    if (current.coins > 0) {
      const alone = await fetchFees(queryClient, feesBody(target, { ...next, coins: 0 }, channels)).catch(() => null);
      if (alone?.waived_by === 'voucher') {
        next = { ...next, coins: 0 };
        setCoinsInput('0');
        setCoinsNote(null);
      }
    }
    await settle(next);
  }

  async function removeVoucher() {
    setVoucherInput('');
    setVoucherNote(null);
    clearErrors('voucher_code');
    await settle(unwaived({ ...latest.current, voucher: null }));
  }

  async function applyCoins() {
    // More than the balance is capped at the balance (spec 3 §4).
    let coins = Number(coinsInput);
    if (coins > balance) {
      coins = balance;
      setCoinsInput(String(balance));
    }
    if (!(coins > 0)) return;
    setCoinsNote(null);
    const signature = target.kind === 'bundle' ? await bundleSignature() : {};
    if (!signature) return;
    try {
      const answer = await coinsCall.mutateAsync({ kind: target.kind, id: target.itemId, body: { coins: String(coins), ...signature } });
      if (!answer.success) return setCoinsNote({ ok: false, text: answer.message });
      setCoinsNote({ ok: true, text: paymentMessages.coinsApplied });
      await settle({ ...latest.current, coins: answer.coins });
    } catch (error) {
      // The server refusing the wallet's signature is a wallet outcome: a toast, as spec 3 §8 lists it.
      if (error instanceof ApiError && error.body?.code === WALLET_VERIFICATION_FAILED) notify.error(walletMessages.verificationFailed);
      else setCoinsNote({ ok: false, text: serverMessage(error) });
    }
  }

  /**
   * A bundle's coins go with the wallet's signature of a fresh nonce (spec 3 §4), connecting the wallet first
   * if need be. Without one the application is cancelled: the toast says why, or, with no wallet in the
   * browser, the note under the coins.
   */
  async function bundleSignature() {
    setSigning(true);
    try {
      const result = await signBundleCoins();
      if (result.ok) {
        if (result.value.connected) {
          notify.success(result.value.connected);
          // The APT Wallet tab reads the connected address from the wallet query.
          void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        }
        return result.value.signature;
      }
      if (result.noWallet) setCoinsNote({ ok: false, text: result.message });
      else notify.error(result.message);
      return null;
    } finally {
      setSigning(false);
    }
  }

  async function removeCoins() {
    setCoinsInput('0');
    setCoinsNote(null);
    clearErrors('coins');
    await settle(unwaived({ ...latest.current, coins: 0 }));
  }

  /** The payload of this purchase attempt (spec 3 §7). */
  const body = (): ProcessBody => processBody(target, choices, channels);

  return {
    choices,
    fees,
    voucher: { input: voucherInput, note: voucherNote, pending: voucherCheck.isPending, edit: editVoucher, apply: applyVoucher, remove: removeVoucher },
    coins: { input: coinsInput, note: coinsNote, pending: signing || coinsCall.isPending, signs: target.kind === 'bundle', signing, edit: editCoins, apply: applyCoins, remove: removeCoins },
    chooseMode,
    chooseChannel,
    choosePeriod,
    errors,
    setErrors,
    busy: settling || voucherCheck.isPending || signing || coinsCall.isPending || fees.isFetching,
    body,
  };
}
export type PaymentForm = ReturnType<typeof usePaymentForm>;
