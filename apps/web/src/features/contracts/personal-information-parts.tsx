import { VALIDATION_MESSAGES } from '@author-centre/shared/validation-rules';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import type { Province } from './contracts-api.ts';
import { CONTRACTS_NS } from './i18n.ts';

/** What the personal-information page and its secondary tabs share: form rules and the loading state. */
export const msg = (key: keyof typeof VALIDATION_MESSAGES) => VALIDATION_MESSAGES[key][currentLocale()];
/** A form rule from a shared §5 check that answers with the server's message (null: passes). */
export const sharedRule = (problem: (value: string) => { 'zh-CN': string; 'en-US': string } | null) => ({
  validator: async (_: unknown, v?: string) => {
    const found = problem((v ?? '').trim());
    return found ? Promise.reject(new Error(found[currentLocale()])) : undefined;
  },
});
export const RELATIONSHIPS = ['父母', '配偶', '子女', '兄弟姐妹', '朋友', '其他'];

export function Loading({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation(CONTRACTS_NS);
  if (error) {
    return (
      <Result
        status="warning"
        title={t('common.loadFailed')}
        extra={<Button onClick={retry}>{t('common.retry')}</Button>}
      />
    );
  }
  return <Spin style={{ display: 'block', margin: 48 }} />;
}

export const placeOptions = (provinces: Province[] | undefined) =>
  (provinces ?? []).map((p) => ({
    value: p.code,
    label: p.name,
    children: p.cities.map((c) => ({ value: c.code, label: c.name })),
  }));
