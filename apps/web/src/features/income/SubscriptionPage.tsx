import './i18n.ts';
import { IncomeTablePage } from './IncomeTablePage.tsx';

const CONFIG = {
  titleKey: 'pages.subscription',

  path: '/api/pc/v1/income/subscription',
  columns: ['orders', 'subscription_fen'],
};

export default function SubscriptionPage() {
  return <IncomeTablePage config={CONFIG} />;
}
