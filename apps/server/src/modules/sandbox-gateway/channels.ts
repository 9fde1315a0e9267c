import type { ChannelFee, ChannelMode } from '@school/shared/payments/rules';

interface SandboxChannel {
  name: string;
  value: string;
  fee: ChannelFee;
  /** The over-the-counter channels' marks, lettered (no partner's trademark), in the web's static partner-logo area. */
  logo?: string;
}

const logo = (code: string) => `/partner-logos/${code}.svg`;

/** The sandbox's channels, named like the Philippine ones a school's payers know, with plausible fees. */
export const sandboxChannels: Record<ChannelMode, SandboxChannel[]> = {
  online_bank: [
    { name: 'BPI Online', value: 'bpi', fee: { fixed: 1500, basisPoints: 0 } },
    { name: 'BDO Online Banking', value: 'bdo', fee: { fixed: 1500, basisPoints: 0 } },
    { name: 'UnionBank Online', value: 'ubp', fee: { fixed: 1500, basisPoints: 0 } },
  ],
  otc_bank: [
    { name: 'BDO Over-the-Counter', value: 'bdo_otc', fee: { fixed: 2000, basisPoints: 0 }, logo: logo('bdo_otc') },
    { name: 'Metrobank Over-the-Counter', value: 'mbtc_otc', fee: { fixed: 2000, basisPoints: 0 }, logo: logo('mbtc_otc') },
  ],
  otc_nonbank: [
    { name: '7-Eleven', value: '7eleven', fee: { fixed: 2500, basisPoints: 0 }, logo: logo('7eleven') },
    { name: 'Cebuana Lhuillier', value: 'cebuana', fee: { fixed: 2500, basisPoints: 0 }, logo: logo('cebuana') },
    { name: 'Palawan Express', value: 'palawan', fee: { fixed: 2500, basisPoints: 0 }, logo: logo('palawan') },
  ],
  ewallet: [
    { name: 'GCash', value: 'gcash', fee: { fixed: 0, basisPoints: 250 } },
    { name: 'Maya', value: 'maya', fee: { fixed: 0, basisPoints: 250 } },
  ],
};

/** Card payments: 3.5 % plus P15, as card processors in the Philippines commonly charge. */
export const sandboxCardFee: ChannelFee = { fixed: 1500, basisPoints: 350 };

export const sandboxCounterSteps = (channel: string) => [
  `Go to any ${channel} branch nationwide.`,
  'Tell the cashier that you are paying through the payment gateway and present the barcode or the reference number.',
  'Pay the exact amount shown. The cashier may charge a service fee.',
  'Keep the receipt. Your enrollment is confirmed once the payment is received, usually within the day.',
];
