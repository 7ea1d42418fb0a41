import './i18n.ts';
import { IncomeTablePage } from './IncomeTablePage.tsx';

const CONFIG = {
  titleKey: 'pages.reward',

  path: '/api/pc/v1/income/reward',
  columns: ['gifts', 'gift_fen', 'rewards', 'reward_fen', 'total_fen'],
};

export default function RewardPage() {
  return <IncomeTablePage config={CONFIG} />;
}
