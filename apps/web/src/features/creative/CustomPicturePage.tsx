import {
  COVER_LIMITS,
  COVER_SIZE,
  COVER_SLOT_KEYS,
  type CoverAlign,
  type CoverSetting,
  type CoverSlotKey,
  type CoverTemplateView,
} from '@author-centre/shared/cover';
import { BOOK_CATEGORIES } from '@author-centre/shared/works';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Segmented,
  Slider,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { LazyColorPicker } from '../../components/LazyColorPicker.tsx';
import { LazySelect } from '../../components/LazySelect.tsx';
import { currentLocale } from '../../i18n/index.ts';
import { apiPost, apiUpload } from '../../platform/api.ts';
import { isApiError } from '../../platform/api-error.ts';
import { toast } from '../../platform/notify.ts';
import { CoverPreview } from './CoverPreview.tsx';
import {
  type CoverConfig,
  useCoverConfig,
  useCoverFontList,
  useCoverTemplates,
  useGlobalBooks,
} from './creative-api.ts';
import { CREATIVE_NS } from './i18n.ts';
import { useCoverFonts } from './useCoverFonts.ts';
import './creative.css';

/**
 * /front/custom-picture: the cover maker. The author picks a book and a template, types the texts,
 * styles each slot and may upload a background; the preview beside the form is the server's own
 * drawing with the server's fonts, and saving renders the cover on the server as the book's cover.
 */
export default function CustomPicturePage() {
  const { t } = useTranslation(CREATIVE_NS);
  const [params, setParams] = useSearchParams();
  const bookId = Number(params.get('book_id')) || 0;
  const books = useGlobalBooks();
  const config = useCoverConfig(bookId);
  const templates = useCoverTemplates();
  const fonts = useCoverFontList();

  if (books.isError || templates.isError || fonts.isError) {
    return (
      <Result
        status="warning"
        title={t('cover.loadFailed')}
        extra={
          <Button onClick={() => void Promise.all([books.refetch(), templates.refetch(), fonts.refetch()])}>
            {t('cover.retry')}
          </Button>
        }
      />
    );
  }
  if (!books.data || !templates.data || !fonts.data) {
    return (
      <div className="ac-creative-center">
        <Spin />
      </div>
    );
  }
  const list = books.data.list;
  return (
    <div className="ac-creative-page">
      <Typography.Title level={3}>{t('cover.title')}</Typography.Title>
      {list.length === 0 ? (
        <Empty description={t('cover.noBooks')}>
          <Link to="/front/book-manage/list">{t('cover.createBook')}</Link>
        </Empty>
      ) : (
        <Form.Item label={t('cover.chooseBook')}>
          <LazySelect
            data-testid="cover-book"
            aria-label={t('cover.chooseBook')}
            style={{ width: 320 }}
            placeholder={t('cover.chooseBookPlaceholder')}
            value={bookId || undefined}
            options={list.map((b) => ({ value: b.id, label: b.title }))}
            onChange={(id: number) => setParams({ book_id: String(id) })}
          />
        </Form.Item>
      )}
      {bookId > 0 && config.isError && (
        <Alert type="error" showIcon title={isApiError(config.error) ? config.error.title : t('cover.loadFailed')} />
      )}
      {bookId > 0 && config.data && (
        <CoverMaker
          key={config.data.book_id}
          config={config.data}
          templates={templates.data.list}
          fonts={fonts.data.list}
        />
      )}
    </div>
  );
}

function initialSetting(config: CoverConfig, template: CoverTemplateView, genre: string): CoverSetting {
  if (config.tpl_setting && config.tpl_id === template.tpl_id) return config.tpl_setting;
  return {
    background_image: null,
    texts: { title: config.title, author: config.pen_name, subtitle: '', genre },
    slots: structuredClone(template.slots),
  };
}

function CoverMaker({
  config,
  templates,
  fonts,
}: {
  config: CoverConfig;
  templates: CoverTemplateView[];
  fonts: Parameters<typeof useCoverFonts>[0];
}) {
  const { t } = useTranslation(CREATIVE_NS);
  const queryClient = useQueryClient();
  const genre =
    Object.values(BOOK_CATEGORIES)
      .flat()
      .find((c) => c.value === config.category)?.label[currentLocale()] ?? '';
  const startTemplate = templates.find((x) => x.tpl_id === config.tpl_id) ?? templates[0];
  const [template, setTemplate] = useState<CoverTemplateView | undefined>(startTemplate);
  const [setting, storeSetting] = useState<CoverSetting | null>(
    startTemplate ? initialSetting(config, startTemplate, genre) : null,
  );
  const [slot, setSlot] = useState<CoverSlotKey>('title');
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<{ field?: string; title: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { ready, familyOf } = useCoverFonts(
    fonts,
    setting?.texts ?? { title: '', author: '', subtitle: '', genre: '' },
    setting?.slots ?? null,
  );

  /** Every change clears the last refusal (it was about the settings as they were). */
  const setSetting = (next: CoverSetting) => {
    storeSetting(next);
    setProblem(null);
  };

  if (!template || !setting) return <Empty description={t('cover.loadFailed')} />;

  const pickTemplate = (next: CoverTemplateView) => {
    setTemplate(next);
    // The texts stay; the layout, fonts and colours become the template's.
    setSetting({ ...setting, slots: structuredClone(next.slots) });
  };
  const setText = (key: CoverSlotKey, value: string) =>
    setSetting({ ...setting, texts: { ...setting.texts, [key]: value } });
  const setStyle = (patch: Partial<CoverSetting['slots'][CoverSlotKey]>) =>
    setSetting({ ...setting, slots: { ...setting.slots, [slot]: { ...setting.slots[slot], ...patch } } });
  const style = setting.slots[slot];

  const uploadBackground = async (file: File) => {
    setUploading(true);
    try {
      const r = await apiUpload<{ url: string }>('/api/pc/v1/cover/upload-background', file, undefined, {
        silent: true,
      });
      setSetting({ ...setting, background_image: r.url });
      toast.success(t('cover.backgroundUploaded'));
    } catch (e) {
      setProblem({ field: 'background_image', title: isApiError(e) && e.title ? e.title : t('cover.loadFailed') });
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      await apiPost(
        '/api/pc/v1/cover/save',
        { book_id: config.book_id, tpl_id: template.tpl_id, tpl_setting: setting },
        { silent: true },
      );
      await queryClient.invalidateQueries({ queryKey: ['creative', 'cover-config', config.book_id] });
      await queryClient.invalidateQueries({ queryKey: ['works'] });
      toast.success(t('cover.saved'));
    } catch (e) {
      setProblem(
        isApiError(e) ? { field: e.field, title: e.title || t('cover.loadFailed') } : { title: t('cover.loadFailed') },
      );
    } finally {
      setSaving(false);
    }
  };
  const fieldError = (key: CoverSlotKey) => (problem?.field === `texts.${key}` ? problem.title : undefined);
  const fontOfSlot = fonts.find((f) => f.font_id === style.font_id);

  return (
    <div className="ac-cover-maker">
      <div className="ac-cover-maker__form">
        <Card size="small" title={t('cover.templates')}>
          <div className="ac-cover-templates" role="radiogroup" aria-label={t('cover.templates')}>
            {templates.map((x) => (
              <button
                key={x.tpl_id}
                type="button"
                role="radio"
                aria-checked={x.tpl_id === template.tpl_id}
                aria-label={x.name}
                className={x.tpl_id === template.tpl_id ? 'ac-cover-template is-active' : 'ac-cover-template'}
                onClick={() => pickTemplate(x)}
              >
                <CoverPreview
                  id={`tpl-${x.tpl_id}`}
                  template={x}
                  setting={{ ...setting, background_image: null, slots: x.slots }}
                  familyOf={familyOf}
                  ready={ready}
                  width={90}
                />
                <span>{x.name}</span>
              </button>
            ))}
          </div>
        </Card>

        <Card size="small" title={t('cover.texts')}>
          <Form layout="vertical">
            {COVER_SLOT_KEYS.map((key) => (
              <Form.Item
                key={key}
                label={t(`cover.slots.${key}`)}
                validateStatus={fieldError(key) ? 'error' : undefined}
                help={fieldError(key)}
                style={{ marginBottom: 8 }}
              >
                <Input
                  data-testid={`cover-text-${key}`}
                  value={setting.texts[key]}
                  placeholder={t(`cover.placeholders.${key}`)}
                  maxLength={COVER_LIMITS.text[key]}
                  showCount
                  onChange={(e) => setText(key, e.target.value)}
                />
              </Form.Item>
            ))}
          </Form>
        </Card>

        <Card size="small" title={t('cover.style')}>
          <Segmented
            block
            value={slot}
            onChange={(v) => setSlot(v as CoverSlotKey)}
            options={COVER_SLOT_KEYS.map((key) => ({ value: key, label: t(`cover.slots.${key}`) }))}
          />
          <Form layout="horizontal" labelCol={{ span: 6 }} style={{ marginTop: 12 }}>
            <Form.Item
              label={t('cover.font')}
              extra={fontOfSlot ? t('cover.fontLicence', { licence: fontOfSlot.licence }) : undefined}
            >
              <LazySelect
                data-testid="cover-font"
                aria-label={t('cover.font')}
                value={style.font_id}
                options={fonts.map((f) => ({ value: f.font_id, label: f.name }))}
                onChange={(font_id: number) => setStyle({ font_id })}
              />
            </Form.Item>
            <Form.Item label={t('cover.size')}>
              <Space.Compact block>
                <Slider
                  style={{ flex: 1 }}
                  min={COVER_LIMITS.sizeMin}
                  max={COVER_LIMITS.sizeMax}
                  value={style.size}
                  onChange={(size: number) => setStyle({ size })}
                />
                <InputNumber
                  aria-label={t('cover.size')}
                  min={COVER_LIMITS.sizeMin}
                  max={COVER_LIMITS.sizeMax}
                  value={style.size}
                  onChange={(size) => typeof size === 'number' && setStyle({ size: Math.round(size) })}
                />
              </Space.Compact>
            </Form.Item>
            <Form.Item label={t('cover.color')}>
              <LazyColorPicker
                aria-label={t('cover.color')}
                disabledAlpha
                value={style.color}
                onChange={(c) => setStyle({ color: c.toHexString().slice(0, 7) })}
              />
            </Form.Item>
            <Form.Item label={t('cover.x')}>
              <Slider min={0} max={COVER_SIZE.width} value={style.x} onChange={(x: number) => setStyle({ x })} />
            </Form.Item>
            <Form.Item label={t('cover.y')}>
              <Slider min={0} max={COVER_SIZE.height} value={style.y} onChange={(y: number) => setStyle({ y })} />
            </Form.Item>
            <Form.Item label={t('cover.align')}>
              <Radio.Group
                value={style.align}
                optionType="button"
                onChange={(e) => setStyle({ align: e.target.value as CoverAlign })}
                options={(['start', 'middle', 'end'] as const).map((a) => ({
                  value: a,
                  label: t(`cover.aligns.${a}`),
                }))}
              />
            </Form.Item>
          </Form>
        </Card>

        <Card size="small" title={t('cover.background')}>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            style={{ display: 'none' }}
            data-testid="cover-background-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void uploadBackground(file);
              e.target.value = '';
            }}
          />
          <Space wrap>
            <Button loading={uploading} onClick={() => fileInput.current?.click()}>
              {t('cover.uploadBackground')}
            </Button>
            {setting.background_image && (
              <Button onClick={() => setSetting({ ...setting, background_image: null })}>
                {t('cover.useTemplateBackground')}
              </Button>
            )}
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('cover.backgroundHint')}
          </Typography.Paragraph>
        </Card>
      </div>

      <div className="ac-cover-maker__side">
        <Card size="small" title={t('cover.preview')}>
          <CoverPreview template={template} setting={setting} familyOf={familyOf} ready={ready} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('cover.previewHint')}
          </Typography.Paragraph>
          {problem && (
            <Alert
              type="error"
              showIcon
              title={problem.title}
              style={{ marginBottom: 12 }}
              data-testid="cover-problem"
            />
          )}
          <Button type="primary" block loading={saving} onClick={() => void save()} data-testid="cover-save">
            {t('cover.save')}
          </Button>
        </Card>
        <Card size="small" title={t('cover.current')}>
          {config.cover_image ? (
            <ImageWithFallback
              src={config.cover_image}
              alt={t('cover.current')}
              className="ac-cover-current"
              data-testid="cover-current"
            />
          ) : (
            <Typography.Text type="secondary">{t('cover.noCover')}</Typography.Text>
          )}
          <div style={{ marginTop: 8 }}>
            <Link to={`/front/book-manage/information?book_id=${config.book_id}`}>{t('cover.viewBook')}</Link>
          </div>
        </Card>
      </div>
    </div>
  );
}
