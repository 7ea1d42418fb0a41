import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { WORKS_NS } from './i18n.ts';
import { downloadExport } from './works-api.ts';

/** Export a whole work as `.txt` or ePub (the export endpoint of the chapter manage page). */
export function ExportMenu({ bookId, size }: { bookId: number; size?: 'small' | 'middle' }) {
  const { t } = useTranslation(WORKS_NS);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'txt', label: t('manage.exportTxt'), onClick: () => void downloadExport(bookId, 'txt') },
          { key: 'epub', label: t('manage.exportEpub'), onClick: () => void downloadExport(bookId, 'epub') },
        ],
      }}
    >
      <Button size={size} icon={<DownloadOutlined />} data-testid="export-menu">
        {t('manage.export')}
      </Button>
    </Dropdown>
  );
}
