import { Button, Input, Modal, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';

/**
 * The console's rich-text editor: an editable area with a toolbar (headings, bold, italic,
 * underline, lists, quote, link, image by address, clear formatting). What it produces is only a
 * draft: the server sanitizes the HTML when it is saved, and the saved text is what authors see.
 * A form field (value / onChange), so antd's Form validates and submits it like any input.
 */
export function RichTextEditor(props: { value?: string; onChange?: (html: string) => void; label: string }) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState<'link' | 'image' | null>(null);
  const [address, setAddress] = useState('');
  const saved = useRef<Range | null>(null);

  // Outside changes (a loaded article) replace the content; the editor's own typing does not loop back.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== (props.value ?? '')) area.current.innerHTML = props.value ?? '';
  }, [props.value]);

  const emit = () => props.onChange?.(area.current?.innerHTML ?? '');
  const run = (command: string, value?: string) => {
    area.current?.focus();
    if (saved.current) {
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(saved.current);
      saved.current = null;
    }
    // execCommand is deprecated but still the only editing primitive every browser ships; the
    // result is sanitized by the server anyway.
    document.execCommand(command, false, value);
    emit();
  };
  const ask = (kind: 'link' | 'image') => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
    setAddress('https://');
    setAsking(kind);
  };

  const tools: { key: string; label: string; action: () => void }[] = [
    { key: 'h2', label: 'H2', action: () => run('formatBlock', 'h2') },
    { key: 'h3', label: 'H3', action: () => run('formatBlock', 'h3') },
    { key: 'p', label: '¶', action: () => run('formatBlock', 'p') },
    { key: 'bold', label: 'B', action: () => run('bold') },
    { key: 'italic', label: 'I', action: () => run('italic') },
    { key: 'underline', label: 'U', action: () => run('underline') },
    { key: 'ul', label: '•', action: () => run('insertUnorderedList') },
    { key: 'ol', label: '1.', action: () => run('insertOrderedList') },
    { key: 'quote', label: '❝', action: () => run('formatBlock', 'blockquote') },
    { key: 'link', label: '🔗', action: () => ask('link') },
    { key: 'image', label: '🖼', action: () => ask('image') },
    { key: 'clear', label: 'Tx', action: () => run('removeFormat') },
  ];

  return (
    <div className="pub-rte">
      <Space wrap size={4} className="pub-rte-toolbar" role="toolbar" aria-label={props.label}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={t(`console.publicPages.editor.${tool.key}`)}>
            <Button
              size="small"
              aria-label={t(`console.publicPages.editor.${tool.key}`)}
              // Keep the selection in the text while the toolbar is clicked.
              onMouseDown={(e) => e.preventDefault()}
              onClick={tool.action}
            >
              {tool.label}
            </Button>
          </Tooltip>
        ))}
      </Space>
      <div
        ref={area}
        className="pub-rte-area pub-rich"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={props.label}
        tabIndex={0}
        onInput={emit}
        onBlur={emit}
      />
      <Modal
        open={asking !== null}
        title={asking === 'image' ? t('console.publicPages.editor.image') : t('console.publicPages.editor.link')}
        onCancel={() => setAsking(null)}
        onOk={() => {
          const kind = asking;
          setAsking(null);
          if (/^(https?:\/\/|\/)\S+$/.test(address)) run(kind === 'image' ? 'insertImage' : 'createLink', address);
        }}
      >
        <Input
          autoFocus
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          aria-label={t('console.publicPages.editor.address')}
        />
      </Modal>
    </div>
  );
}
