import type { APP_DOWNLOAD_PROMPT_GROUPS } from '@author-centre/shared/constants';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { externalUrl } from '../../app/layouts/links.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { useBrand } from '../../platform/brand.tsx';

/** The app-download prompt's dialog for one route group (AppDownloadPrompt decides when). */
export function AppDownloadDialog({
  group,
  onClose,
}: {
  group: (typeof APP_DOWNLOAD_PROMPT_GROUPS)[number];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Modal
      open
      centered
      width={340}
      title={t('popups.appDownload.title')}
      onCancel={onClose}
      footer={[
        <Button key="later" onClick={onClose}>
          {t('popups.appDownload.later')}
        </Button>,
        <Button
          key="download"
          type="primary"
          href={externalUrl(brand.domains.mobile)}
          target="_blank"
          onClick={onClose}
        >
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
