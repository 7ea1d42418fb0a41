import { APP_DOWNLOAD_PROMPT_GROUPS, STORAGE_KEYS } from '@author-centre/shared/constants';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { externalUrl } from '../../app/layouts/links.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { useBrand } from '../../platform/brand.tsx';
import { readItem, writeItem } from '../../platform/storage.ts';

/** Phones and tablets (the prompts are for mobile clients only). */
export function isMobileClient(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|HarmonyOS|Mobile/i.test(userAgent);
}

export function promptGroupOf(pathname: string) {
  return APP_DOWNLOAD_PROMPT_GROUPS.find((g) =>
    g.pathPrefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)),
  );
}

/**
 * App-download prompts (§2): on mobile clients, the first visit to a route group (data and
 * income; comments and dynamics) suggests the author app, once per group, remembered.
 */
export function AppDownloadPrompt() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { pathname } = useLocation();
  const [group, setGroup] = useState<(typeof APP_DOWNLOAD_PROMPT_GROUPS)[number] | null>(null);

  useEffect(() => {
    if (!isMobileClient(globalThis.navigator?.userAgent ?? '')) return;
    const match = promptGroupOf(pathname);
    if (!match) return;
    const key = `${STORAGE_KEYS.appDownloadPromptPrefix}${match.key}`;
    if (readItem(key)) return;
    writeItem(key, String(Date.now()));
    setGroup(match);
  }, [pathname]);

  if (!group) return null;
  const close = () => setGroup(null);
  return (
    <Modal
      open
      centered
      width={340}
      title={t('popups.appDownload.title')}
      onCancel={close}
      footer={[
        <Button key="later" onClick={close}>
          {t('popups.appDownload.later')}
        </Button>,
        <Button key="download" type="primary" href={externalUrl(brand.domains.mobile)} target="_blank" onClick={close}>
          {t('popups.appDownload.download')}
        </Button>,
      ]}
    >
      <p data-testid="app-download-prompt" data-group={group.key}>
        {t('popups.appDownload.text', { label: group.label[currentLocale()] })}
      </p>
    </Modal>
  );
}
