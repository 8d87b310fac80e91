import { PLAN_PRICES, TRIAL_DAYS } from '@tradebot/api-contract';

export const TERMS_LAST_UPDATED = 'April 07, 2025';

/** The 17 sections of the Terms and Conditions. */
export const TERMS_SECTIONS: { title: string; body: string[] }[] = [
  {
    title: 'Acceptance of these terms',
    body: [
      'By creating an account or using TradeBot you agree to these Terms and Conditions and to our Privacy Policy. If you do not agree, do not use the service.',
    ],
  },
  {
    title: 'The service',
    body: [
      'TradeBot is software for stock screening, backtesting, parameter optimization and automated order placement through a brokerage account that you connect yourself with your own API keys.',
    ],
  },
  {
    title: 'Not financial advice',
    body: [
      'TradeBot is not a financial advisor, broker or investment manager. Nothing in the service is investment, tax or legal advice. You alone decide whether and how to trade.',
    ],
  },
  {
    title: 'No custody of funds',
    body: [
      'TradeBot holds no user funds. Your money and securities stay with your brokerage at all times; orders are placed through the brokerage integration on your instruction.',
    ],
  },
  {
    title: 'Eligibility',
    body: [
      'You must be 18 years of age or older, and legally able to enter into a contract, to use TradeBot.',
    ],
  },
  {
    title: 'Your account and security',
    body: [
      'Keep your password and authenticator app secure. Two-factor sign-in protects your account; you are responsible for activity under your account.',
    ],
  },
  {
    title: 'Brokerage API keys',
    body: [
      'You provide your own paper and live API key and secret pairs. You may remove them at any time in account settings. Revoke keys at your brokerage if you believe they were exposed.',
    ],
  },
  {
    title: 'Trading risks',
    body: [
      'Trading stocks involves substantial risk of loss. Backtests and paper trading do not guarantee future results. Automated strategies can lose money quickly, including through outages, slippage and partial fills.',
    ],
  },
  {
    title: 'Free trial',
    body: [
      `New accounts receive a ${TRIAL_DAYS}-day free trial limited to paper trading. Live trading and premium features need a paid plan.`,
    ],
  },
  {
    title: 'Plans and prices',
    body: [
      `Basic costs €${PLAN_PRICES.basic} per month and Premium costs €${PLAN_PRICES.premium} per month. Prices include applicable taxes unless stated otherwise.`,
    ],
  },
  {
    title: 'Refunds',
    body: [
      'You may withdraw from a paid subscription within 14 days of purchase and receive a full refund.',
    ],
  },
  {
    title: 'Acceptable use',
    body: [
      'Do not misuse the service: no attempts to break its security, overload it, resell access, or use it for market manipulation or any unlawful activity.',
    ],
  },
  {
    title: 'Availability',
    body: [
      'We aim for 24/7 market monitoring but do not guarantee uninterrupted availability. Maintenance, brokerage outages and data-provider failures can interrupt the service.',
    ],
  },
  {
    title: 'Account deletion and data',
    body: [
      'You may delete your account at any time. We erase your personal data within 30 days of account deletion, except where the law requires us to keep it.',
    ],
  },
  {
    title: 'Limitation of liability',
    body: [
      'To the extent permitted by law, our total liability is capped at the amount you paid us in the last 12 months. We are not liable for trading losses or lost profits.',
    ],
  },
  {
    title: 'Changes to these terms',
    body: [
      'We will give you 30 days\u2019 notice of material changes to these terms by email or in the application. Continuing to use TradeBot after that period means you accept the changes.',
    ],
  },
  {
    title: 'Contact',
    body: ['Questions about these terms: support@tradebot.app.'],
  },
];
