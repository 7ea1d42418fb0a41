import './i18n.ts';
import { IncomeTablePage } from './IncomeTablePage.tsx';

const CONFIG = {
  titleKey: 'pages.zhDaily',

  path: '/api/pc/v1/income/zh-daily',
  columns: ['partner_fen'],
};

export default function ZhDailyPage() {
  return <IncomeTablePage config={CONFIG} />;
}
