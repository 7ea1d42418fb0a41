import { forumLinks } from '@author-centre/shared/brands';
import { AI_ASSISTANT, STORAGE_KEYS } from '@author-centre/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useBrand } from '../../platform/brand.tsx';
import { toast } from '../../platform/notify.ts';
import { useLoginStatus } from '../../platform/session.ts';
import { readItem, subscribeItem, writeItem } from '../../platform/storage.ts';
import { AI_PERMISSION } from './AiAssistantMount.tsx';
import { AiReopenTab, AiWidget } from './AiWidget.tsx';
import { fetchAiConfig } from './ai-api.ts';
import { AI_ASK_EVENT } from './ask.ts';
import { AI_NS } from './i18n.ts';
import { useAiChat } from './useAiChat.ts';
import './ai-assistant.css';

/** Pages where the assistant does not appear: the chapter editors (§2). */
export const AI_DISAPPEAR_PATHS = ['/front/book-upload', '/front/book-upload/short'];

const OPEN_KEY = STORAGE_KEYS.aiAssistantOpen;
const subscribeOpen = (onChange: () => void) => subscribeItem(OPEN_KEY, onChange);
/** Starts open unless the stored flag is '0' (§4). */
const readOpen = () => readItem(OPEN_KEY) !== AI_ASSISTANT.hiddenFlag;

/**
 * The AI assistant of §2 and §4, mounted once in the front layout: for a logged-in author with
 * `ai_assistant_auth` 1 in a brand whose layout permissions include 'ai-assistant', on every page
 * outside its disappear list.
 */
export default function AiAssistant() {
  const brand = useBrand();
  const status = useLoginStatus();
  const accountId = status.data?.logged_in ? status.data.account_id : null;
  const brandAllows = brand.permissions.includes(AI_PERMISSION);
  const config = useQuery({
    queryKey: ['ai-config', accountId],
    queryFn: ({ signal }) => fetchAiConfig(signal),
    enabled: accountId !== null && brandAllows,
    staleTime: 5 * 60_000,
  });
  if (accountId === null || !brandAllows || config.data?.ai_assistant_auth !== 1) return null;
  return (
    <AiAssistantFor
      key={accountId}
      accountId={accountId}
      questions={config.data.ai_assistant_questions}
      stream={config.data.stream === 1}
      feedbackUrl={forumLinks(brand.forum).feedback}
    />
  );
}

/** The chat drawer (antd's Drawer, Input, Tooltip) downloads the first time it opens, not with every page (issue 19). */
const AiDrawer = lazy(() => import('./AiDrawer.tsx').then((m) => ({ default: m.AiDrawer })));

function AiAssistantFor(props: { accountId: number; questions: string[]; stream: boolean; feedbackUrl: string }) {
  const { t } = useTranslation(AI_NS);
  const { pathname } = useLocation();
  const shown = useSyncExternalStore(subscribeOpen, readOpen, () => true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once opened, the drawer stays mounted: it closes with its animation and keeps the conversation's scroll.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (drawerOpen && !drawerMounted) setDrawerMounted(true);
  const chat = useAiChat(props.accountId, { stream: props.stream });
  const hiddenHere = AI_DISAPPEAR_PATHS.includes(pathname.replace(/\/+$/, ''));

  const askInside = (question: string): boolean => {
    if (chat.busy) {
      toast.info(t('pendingInside'));
      return false;
    }
    return chat.ask(question);
  };
  // Asked from outside the drawer (the widget's prompt, other pages): opens the drawer.
  const askOutside = (question: string): boolean => {
    setDrawerOpen(true);
    if (chat.busy) {
      toast.info(t('pendingOutside'));
      return false;
    }
    return chat.ask(question);
  };
  const askOutsideRef = useRef(askOutside);
  askOutsideRef.current = askOutside;

  useEffect(() => {
    const onAsk = (e: Event) => {
      const question = (e as CustomEvent<string>).detail;
      if (typeof question === 'string' && question.trim()) askOutsideRef.current(question.trim());
    };
    window.addEventListener(AI_ASK_EVENT, onAsk);
    return () => window.removeEventListener(AI_ASK_EVENT, onAsk);
  }, []);

  if (hiddenHere) return null;

  return (
    <>
      {shown ? (
        <AiWidget
          concealed={drawerOpen}
          questions={props.questions}
          onOpen={() => setDrawerOpen(true)}
          onAsk={askOutside}
          onHide={() => {
            setDrawerOpen(false);
            writeItem(OPEN_KEY, AI_ASSISTANT.hiddenFlag);
          }}
        />
      ) : (
        <AiReopenTab onReopen={() => writeItem(OPEN_KEY, '1')} />
      )}
      {drawerMounted && (
        <Suspense fallback={null}>
          <AiDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            chat={chat}
            questions={props.questions}
            feedbackUrl={props.feedbackUrl}
            onAsk={askInside}
          />
        </Suspense>
      )}
    </>
  );
}
