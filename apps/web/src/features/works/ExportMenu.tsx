import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDropdown } from '../../components/LazyDropdown.tsx';
import { WORKS_NS } from './i18n.ts';
import { downloadExport } from './works-api.ts';

/** Export a whole work as `.txt` or ePub (the export endpoint of the chapter manage page). */
export function ExportMenu({ bookId, size }: { bookId: number; size?: 'small' | 'middle' }) {
  const { t } = useTranslation(WORKS_NS);
  // An ePub of a long book takes a moment: the button says it is working (and is not clicked twice).
  const [busy, setBusy] = useState(false);
  const download = (format: 'txt' | 'epub') => {
    setBusy(true);
    // A failure has already been said (toast, or the login page); nothing more to do here.
    downloadExport(bookId, format)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    // antd's dropdown and menu download when the button is first pointed at, focused or clicked.
    <LazyDropdown
      trigger={['click']}
      // Opened from the keyboard, the menu takes the focus so the arrow keys and Enter choose a format.
      autoFocus
      menu={{
        items: [
          { key: 'txt', label: t('manage.exportTxt'), onClick: () => download('txt') },
          { key: 'epub', label: t('manage.exportEpub'), onClick: () => download('epub') },
        ],
      }}
    >
      <Button size={size} icon={<DownloadOutlined />} loading={busy} data-testid="export-menu">
        {t('manage.export')}
      </Button>
    </LazyDropdown>
  );
}
