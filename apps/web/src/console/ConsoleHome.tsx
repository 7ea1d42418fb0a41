import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Staff } from './console-api.ts';
import { CONSOLE_AREAS, CONSOLE_SCREENS, canOpen } from './screens.ts';

/** /admin: who is working in which brand, and every area they may open. */
export function ConsoleHome({ staff, brandName }: { staff: Staff; brandName: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={3}>{t('console.welcome', { name: staff.pen_name })}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('console.welcomeDesc', { brand: brandName })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {CONSOLE_AREAS.map((area) => {
          const screens = CONSOLE_SCREENS.filter((s) => s.area === area && s.menu && canOpen(s, staff.role));
          if (screens.length === 0) return null;
          return (
            <Col key={area} xs={24} md={12} xl={8}>
              <Card title={t(`console.areas.${area}`)} size="small">
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {screens.map((s) => (
                    <li key={s.path}>
                      <Link to={`/admin/${s.path}`}>{t(s.titleKey)}</Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
