import './i18n.ts';
import { INCOME_COLUMNS, IncomeTablePage } from './IncomeTablePage.tsx';

const CONFIG = {
  titleKey: 'pages.daily',
  hintKey: 'pages.dailyHint',
  path: '/api/pc/v1/income/daily',
  columns: INCOME_COLUMNS,
};

export default function DailyPage() {
  return <IncomeTablePage config={CONFIG} />;
}
