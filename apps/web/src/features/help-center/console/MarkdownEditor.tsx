import { Button, Input, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Mark, toggleLines } from './article-marks.ts';
import './i18n.ts';

export const BODY_MAX = 20_000;

/**
 * The article body editor: plain text in the help centre's format, with buttons for its three marks
 * and a counter. What it makes is shown by the authors' own renderer beside it (the preview).
 */
export function MarkdownEditor(props: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  status?: '' | 'error';
}) {
  const { t } = useTranslation();
  const ref = useRef<TextAreaRef>(null);
  const value = props.value ?? '';

  const apply = (mark: Mark) => {
    const area = ref.current?.resizableTextArea?.textArea;
    if (!area) return;
    const next = toggleLines(value, area.selectionStart, area.selectionEnd, mark);
    props.onChange?.(next.text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.start, next.end);
    });
  };

  return (
    <div className="ac-help-md">
      <Space size={4} style={{ marginBottom: 8 }} wrap>
        {(['heading', 'list', 'steps'] as const).map((mark) => (
          <Button key={mark} size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => apply(mark)}>
            {t(`console.help.markdown.${mark}`)}
          </Button>
        ))}
      </Space>
      <Input.TextArea
        id={props.id}
        ref={ref}
        value={value}
        status={props.status}
        onChange={(e) => props.onChange?.(e.target.value)}
        autoSize={{ minRows: 18, maxRows: 40 }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
      />
      <div style={{ display: 'flex', gap: 12, marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ flex: 1, fontSize: 12 }}>
          {t('console.help.markdown.help')}
        </Typography.Text>
        <Typography.Text type={value.length > BODY_MAX ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {t('console.help.markdown.count', { count: value.length, max: BODY_MAX.toLocaleString('en-US') })}
        </Typography.Text>
      </div>
    </div>
  );
}
