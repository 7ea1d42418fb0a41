import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnsavedTexts } from '../components/useUnsavedGuard.tsx';
import './i18n.ts';

/** The frame of every console screen: its title, actions on the right, then the content. */
export function ConsolePage(props: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="ac-console-page">
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          {props.title}
        </Typography.Title>
        {props.extra}
      </header>
      {props.children}
    </section>
  );
}

/** What a console page asks before unsaved changes are left (for useUnsavedGuard). */
export function useConsoleLeaveTexts(): UnsavedTexts {
  const { t } = useTranslation();
  return {
    title: t('console.leave.title'),
    text: t('console.unsaved'),
    leave: t('console.leave.leave'),
    stay: t('console.leave.stay'),
  };
}
