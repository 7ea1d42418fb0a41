import { ArrowLeftOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Layout, Menu, type MenuProps, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../app/layouts/LanguageSwitch.tsx';
import { LinkButton } from '../components/LinkButton.tsx';
import { logout } from '../features/auth/index.ts';
import { loginUrl } from '../platform/login-redirect.ts';
import { toast } from '../platform/notify.ts';
import { readItem, writeItem } from '../platform/storage.ts';
import { WEB_STORAGE_KEYS } from '../platform/storage-keys.ts';
import { ConsoleHome } from './ConsoleHome.tsx';
import { CONSOLE_QUERY_ROOT, type Staff, setConsoleClient } from './console-api.ts';
import { CONSOLE_AREAS, CONSOLE_SCREENS, type ConsoleScreen, canOpen } from './screens.ts';
import { StaffContext } from './staff-context.ts';

export const CONSOLE_BASE = '/admin';

/** Each screen's page component, made once so switching screens does not reload them. */
const pages = new Map<ConsoleScreen, ComponentType>(CONSOLE_SCREENS.map((s) => [s, lazy(s.page)]));

/** The brand a staff member works in: their own, or for a platform admin the one last chosen. */
function initialClient(staff: Staff): number {
  if (!staff.platform_admin) return staff.own_client_id;
  const saved = Number(readItem(WEB_STORAGE_KEYS.consoleClient));
  return staff.brands.some((b) => b.client_id === saved) ? saved : staff.own_client_id;
}

/** The screen showing at a console path. */
function screenAt(pathname: string): ConsoleScreen | undefined {
  const rest = pathname.slice(CONSOLE_BASE.length) || '/';
  return CONSOLE_SCREENS.find((s) => matchPath({ path: `/${s.path}`, end: true }, rest));
}

/** The console's frame: side menu by area, brand switcher, breadcrumbs, and the screen. */
export function ConsoleLayout({ staff }: { staff: Staff }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clientId, setClientId] = useState(() => initialClient(staff));
  // Set before the first screen asks anything, and again on every switch.
  setConsoleClient(clientId === staff.own_client_id ? null : clientId);
  const brand = staff.brands.find((b) => b.client_id === clientId) ?? staff.brands[0];

  const switchBrand = (next: number) => {
    writeItem(WEB_STORAGE_KEYS.consoleClient, String(next));
    setConsoleClient(next === staff.own_client_id ? null : next);
    queryClient.removeQueries({ queryKey: [CONSOLE_QUERY_ROOT] });
    setClientId(next);
    const name = staff.brands.find((b) => b.client_id === next)?.name ?? '';
    toast.success(t('console.brandSwitched', { name }));
    // A detail screen belongs to the old brand: go back to its list.
    const current = screenAt(location.pathname);
    if (current?.parent) navigate(`${CONSOLE_BASE}/${current.parent}`);
  };

  const screen = screenAt(location.pathname);
  const screenTitle = screen ? t(screen.titleKey) : t('console.home');
  useEffect(() => {
    document.title = `${screenTitle} - ${t('console.title')}`;
  }, [screenTitle, t]);

  const menuItems: MenuProps['items'] = useMemo(
    () => [
      { key: '', label: <Link to={CONSOLE_BASE}>{t('console.home')}</Link> },
      ...CONSOLE_AREAS.flatMap((area) => {
        const items = CONSOLE_SCREENS.filter((s) => s.area === area && s.menu && canOpen(s, staff.role));
        if (items.length === 0) return [];
        return [
          {
            type: 'group' as const,
            key: `area-${area}`,
            label: t(`console.areas.${area}`),
            children: items.map((s) => ({
              key: s.path,
              label: <Link to={`${CONSOLE_BASE}/${s.path}`}>{t(s.titleKey)}</Link>,
            })),
          },
        ];
      }),
    ],
    [staff.role, t],
  );
  const selectedKey = screen ? (screen.parent ?? screen.path) : '';

  const crumbs = [
    { title: <Link to={CONSOLE_BASE}>{t('console.title')}</Link> },
    ...(screen ? [{ title: t(`console.areas.${screen.area}`) }] : []),
    ...(screen?.parent
      ? (() => {
          const parent = CONSOLE_SCREENS.find((s) => s.path === screen.parent);
          return parent ? [{ title: <Link to={`${CONSOLE_BASE}/${parent.path}`}>{t(parent.titleKey)}</Link> }] : [];
        })()
      : []),
    ...(screen ? [{ title: screenTitle }] : []),
  ];

  const leave = async () => {
    await logout();
    window.location.assign(loginUrl(CONSOLE_BASE));
  };

  return (
    <Layout className="ac-console" style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" className="ac-console__sider" breakpoint="lg" collapsedWidth={0}>
        <div className="ac-console__logo">{t('console.title')}</div>
        <Menu mode="inline" selectedKeys={[selectedKey]} items={menuItems} aria-label={t('console.title')} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ac-console__header">
          <Space size="middle" style={{ flex: 1 }}>
            {staff.platform_admin ? (
              <Select
                aria-label={t('console.brand')}
                value={clientId}
                style={{ minWidth: 160 }}
                onChange={switchBrand}
                options={staff.brands.map((b) => ({ value: b.client_id, label: `${b.name}（${b.client_id}）` }))}
              />
            ) : (
              <Typography.Text strong>{brand?.name}</Typography.Text>
            )}
          </Space>
          <Space size="middle">
            <LanguageSwitch />
            <span>
              {staff.pen_name}{' '}
              <Tag color={staff.role === 'admin' ? 'red' : 'blue'}>
                {t(`console.roles.${staff.platform_admin ? 'platform_admin' : staff.role}`)}
              </Tag>
            </span>
            <LinkButton type="link" icon={<ArrowLeftOutlined />} to="/front/index">
              {t('console.backToAuthor')}
            </LinkButton>
            <Button type="text" icon={<LogoutOutlined />} onClick={() => void leave()}>
              {t('console.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="ac-console__content">
          <Breadcrumb items={crumbs} style={{ marginBottom: 12 }} />
          {/* Remounted per brand, so no screen keeps another brand's state. */}
          <StaffContext.Provider value={{ ...staff, activeClientId: clientId }}>
            <div key={clientId}>
              <Suspense
                fallback={
                  <div className="ac-console-center">
                    <Spin />
                  </div>
                }
              >
                <Routes>
                  <Route index element={<ConsoleHome staff={staff} brandName={brand?.name ?? ''} />} />
                  {CONSOLE_SCREENS.map((s) => {
                    const Page = pages.get(s) as ComponentType;
                    return (
                      <Route key={s.path} path={s.path} element={canOpen(s, staff.role) ? <Page /> : <AdminOnly />} />
                    );
                  })}
                  <Route path="*" element={<Result status="404" title={t('console.notFound')} />} />
                </Routes>
              </Suspense>
            </div>
          </StaffContext.Provider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

function AdminOnly() {
  const { t } = useTranslation();
  return <Result status="403" title={t('console.forbidden.screen')} subTitle={t('console.forbidden.screenDesc')} />;
}
