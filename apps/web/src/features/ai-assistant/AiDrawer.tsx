import {
  DislikeFilled,
  DislikeOutlined,
  LeftOutlined,
  LikeFilled,
  LikeOutlined,
  RedoOutlined,
  RightOutlined,
  RobotOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { AI_ASSISTANT } from '@author-centre/shared/constants';
import { Button, Drawer, Input, Tooltip } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toast } from '../../platform/notify.ts';
import { ANSWERING_PLACEHOLDER, type ChatMessage, canAskAnother, canMark, canRetry } from './chat-machine.ts';
import { AI_NS } from './i18n.ts';
import type { AiChat } from './useAiChat.ts';

export interface AiDrawerProps {
  open: boolean;
  onClose: () => void;
  chat: AiChat;
  questions: string[];
  feedbackUrl: string;
  /** Asks from inside the drawer (the question box and the intro's questions). */
  onAsk: (question: string) => boolean;
}

/** The 600 px drawer (§2): header with feedback, clear and close; intro; messages; question box. */
export function AiDrawer({ open, onClose, chat, questions, feedbackUrl, onAsk }: AiDrawerProps) {
  const { t } = useTranslation(AI_NS);
  const [confirmClear, setConfirmClear] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const { state, busy } = chat;

  // Follow the conversation as it grows and as the typewriter prints.
  const lastLength = state.messages.length;
  const printed = chat.printedLength;
  useEffect(() => {
    if (!open || lastLength + printed < 0) return;
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [open, lastLength, printed]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={AI_ASSISTANT.drawerWidthPx}
      mask={false}
      closable={false}
      title={
        <span className="ac-ai-drawer__title">
          <RobotOutlined aria-hidden /> {t('title')}
        </span>
      }
      extra={
        <div className="ac-ai-drawer__actions">
          <a href={feedbackUrl} target="_blank" rel="noopener noreferrer">
            {t('feedback')}
          </a>
          <Button
            type="link"
            size="small"
            disabled={busy || state.messages.length === 0}
            onClick={() => setConfirmClear(true)}
          >
            {t('clear')}
          </Button>
          <Button type="link" size="small" onClick={onClose}>
            {t('close')}
          </Button>
        </div>
      }
      className="ac-ai-drawer"
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      data-testid="ai-drawer"
    >
      <div className="ac-ai-drawer__list" ref={listRef} role="log" aria-live="polite" aria-label={t('messages')}>
        <section className="ac-ai-intro">
          <p>{t('intro')}</p>
          {questions.length > 0 && (
            <>
              <p className="ac-ai-intro__label">{t('introQuestions')}</p>
              <ul>
                {questions.map((q) => (
                  <li key={q}>
                    <button type="button" disabled={busy} onClick={() => onAsk(q)}>
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        {state.messages.map((message, index) =>
          message.role === 'user' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are only appended or cleared.
            <div key={index} className="ac-ai-msg is-user">
              <div className="ac-ai-msg__bubble">{message.content}</div>
            </div>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are only appended or cleared.
            <AssistantMessage key={index} index={index} message={message} chat={chat} />
          ),
        )}
      </div>
      <QuestionBox busy={busy} onAsk={onAsk} />
      <ConfirmDialog
        open={confirmClear}
        title={t('clearTitle')}
        plainTxt={t('clearDesc')}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          chat.clear();
          setConfirmClear(false);
        }}
      />
    </Drawer>
  );
}

function AssistantMessage({ index, message, chat }: { index: number; message: ChatMessage; chat: AiChat }) {
  const { t } = useTranslation(AI_NS);
  const { state, busy } = chat;
  const answers = message.answers ?? [];
  const current = message.answersIndex ?? 0;
  const answer = answers[current];
  const printing = state.printing?.message === index && state.printing.answer === current;
  const answering = state.answering?.message === index;
  const text = printing ? message.content.slice(0, chat.printedLength) : message.content;
  const settled = !answering && !printing;
  const failed = settled && message.isAnsweringRight !== true;

  const mark = async (use: 'use' | 'useless') => {
    const ok = await chat.mark(index, current, use);
    if (ok) toast.success(t('marked'));
    else if (answer?.use === undefined) toast.error(t('markFailed'));
  };

  return (
    <div className={`ac-ai-msg is-assistant${failed ? ' is-failed' : ''}`} data-testid="ai-answer">
      <div className="ac-ai-msg__avatar" aria-hidden>
        <RobotOutlined />
      </div>
      <div className="ac-ai-msg__bubble">
        <div className={`ac-ai-msg__text${answering ? ' is-answering' : ''}`}>
          {answering ? ANSWERING_PLACEHOLDER : text}
          {printing && <span className="ac-ai-caret" aria-hidden />}
        </div>
        {settled && message.isAnsweringRight && answer?.sources && answer.sources.length > 0 && (
          <p className="ac-ai-msg__sources">
            {answer.sources.some((s) => s.ids) ? (
              <>
                {t('source')}
                {answer.sources
                  .filter((s) => s.ids)
                  .map((s) => (
                    <Link key={s.url} to={s.url}>
                      《{s.title}》
                    </Link>
                  ))}
              </>
            ) : (
              <Link to={answer.sources[0].url}>{t('goHelp')}</Link>
            )}
          </p>
        )}
        {!answering && (
          <div className="ac-ai-msg__footer">
            {answers.length > 1 && (
              <span className="ac-ai-pager">
                <Button
                  size="small"
                  type="text"
                  icon={<LeftOutlined />}
                  aria-label={t('prevAnswer')}
                  disabled={busy || current === 0}
                  onClick={() => chat.page(index, current - 1)}
                />
                <span aria-label={t('pager', { current: current + 1, total: answers.length })}>
                  {current + 1}/{answers.length}
                </span>
                <Button
                  size="small"
                  type="text"
                  icon={<RightOutlined />}
                  aria-label={t('nextAnswer')}
                  disabled={busy || current === answers.length - 1}
                  onClick={() => chat.page(index, current + 1)}
                />
              </span>
            )}
            <span className="ac-ai-msg__tools">
              {canRetry(state, index) && (
                <Button size="small" icon={<RedoOutlined />} onClick={() => chat.retry(index)}>
                  {t('retry')}
                </Button>
              )}
              {message.isAnsweringRight && (
                <>
                  <Tooltip title={t('useful')}>
                    <Button
                      size="small"
                      type="text"
                      aria-label={t('useful')}
                      aria-pressed={answer?.use === 'use'}
                      icon={answer?.use === 'use' ? <LikeFilled /> : <LikeOutlined />}
                      disabled={!canMark(state, index, current)}
                      onClick={() => void mark('use')}
                    />
                  </Tooltip>
                  <Tooltip title={t('useless')}>
                    <Button
                      size="small"
                      type="text"
                      aria-label={t('useless')}
                      aria-pressed={answer?.use === 'useless'}
                      icon={answer?.use === 'useless' ? <DislikeFilled /> : <DislikeOutlined />}
                      disabled={!canMark(state, index, current)}
                      onClick={() => void mark('useless')}
                    />
                  </Tooltip>
                  <Button
                    size="small"
                    type="text"
                    icon={<SyncOutlined />}
                    disabled={!canAskAnother(state, index)}
                    onClick={() => chat.another(index)}
                  >
                    {t('another')}
                  </Button>
                </>
              )}
            </span>
          </div>
        )}
      </div>
    </div>
  );
}

function QuestionBox({ busy, onAsk }: { busy: boolean; onAsk: (question: string) => boolean }) {
  const { t } = useTranslation(AI_NS);
  const [value, setValue] = useState('');
  const trimmed = value.trim();

  const submit = () => {
    if (!trimmed) {
      toast.info(t('empty'));
      return;
    }
    if (onAsk(trimmed)) setValue('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div className="ac-ai-ask">
      <Input.TextArea
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('placeholder')}
        maxLength={AI_ASSISTANT.questionMaxLength}
        showCount={{ formatter: ({ count }) => `${count}/${AI_ASSISTANT.questionMaxLength}` }}
        autoSize={{ minRows: 2, maxRows: 4 }}
        aria-label={t('placeholder')}
        data-testid="ai-question"
      />
      <div className="ac-ai-ask__bar">
        <span className="ac-ai-ask__hint">{t('inputHint')}</span>
        <Button type="primary" disabled={!trimmed} onClick={submit} aria-busy={busy}>
          {t('ask')}
        </Button>
      </div>
    </div>
  );
}
