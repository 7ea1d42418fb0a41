import { LAYOUT } from '@author-centre/shared/constants';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { copyText } from '../../components/copy-text.ts';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { useBrand } from '../../platform/brand.tsx';
import { toast } from '../../platform/notify.ts';

/**
 * /front/example/layout (public, §2): the layout and the shared components in use. It doubles as
 * the smallest example of a feature page: a default export registered in app/route-table.ts.
 */
export default function LayoutExamplePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [confirmOpen, setConfirmOpen] = useState(false);

  return (
    <Space orientation="vertical" size={LAYOUT.space.max} style={{ width: '100%' }}>
      <section className="ac-card">
        <Typography.Title level={2}>{brand.platformName}</Typography.Title>
        <Typography.Paragraph>
          {t('example.intro', { min: LAYOUT.minWidth, max: LAYOUT.maxWidth, margin: LAYOUT.margin })}
        </Typography.Paragraph>
      </section>

      <section className="ac-card" aria-labelledby="example-layout-title">
        <Typography.Title level={3} id="example-layout-title">
          {t('example.layoutTitle')}
        </Typography.Title>
        <Descriptions
          column={3}
          bordered
          items={[
            { key: 'min', label: t('example.minWidth'), children: `${LAYOUT.minWidth}px` },
            { key: 'max', label: t('example.maxWidth'), children: `${LAYOUT.maxWidth}px` },
            { key: 'margin', label: t('example.margin'), children: `${LAYOUT.margin}px` },
          ]}
        />
      </section>

      <section className="ac-card" aria-labelledby="example-components-title">
        <Typography.Title level={3} id="example-components-title">
          {t('example.componentsTitle')}
        </Typography.Title>
        <Space size="large" align="center" wrap>
          <Button onClick={() => setConfirmOpen(true)}>{t('example.openConfirm')}</Button>
          <Button onClick={() => void copyText(brand.platformName)}>{t('example.copyLabel')}</Button>
          <figure style={{ margin: 0 }}>
            <ImageWithFallback
              src="/uploads/does-not-exist.png"
              alt={t('example.brokenImage')}
              width={120}
              height={90}
            />
            <figcaption>{t('example.brokenImage')}</figcaption>
          </figure>
        </Space>
      </section>

      <ConfirmDialog
        open={confirmOpen}
        title={t('example.confirmTitle')}
        txt={t('example.confirmTxt')}
        plainTips={t('example.confirmTips')}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => {
          setConfirmOpen(false);
          toast.success(t('example.confirmed'));
        }}
      />
    </Space>
  );
}
