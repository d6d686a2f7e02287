import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, StrikethroughOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { endpoints, LANGS, NEWS_CATEGORIES, newsCreateInput, type AdminNews, type Lang } from '@tp/contracts';
import { call } from '../../lib/api';

const shape = newsCreateInput.shape;

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('config');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (key: keyof typeof state, label: string, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={t(label)} key={key}>
      <Button size="small" type={state[key] ? 'primary' : 'default'} icon={icon} onClick={run} aria-label={icon ? t(label) : `${t(`${label}_short`)} ${t(label)}`}>
        {icon ? null : t(`${label}_short`)}
      </Button>
    </Tooltip>
  );
  return (
    <Space wrap size={4} style={{ marginBottom: 8 }}>
      {button('bold', 'news.tool.bold', <BoldOutlined />, () => chain().toggleBold().run())}
      {button('italic', 'news.tool.italic', <ItalicOutlined />, () => chain().toggleItalic().run())}
      {button('strike', 'news.tool.strike', <StrikethroughOutlined />, () => chain().toggleStrike().run())}
      {button('h2', 'news.tool.h2', null, () => chain().toggleHeading({ level: 2 }).run())}
      {button('h3', 'news.tool.h3', null, () => chain().toggleHeading({ level: 3 }).run())}
      {button('bullet', 'news.tool.bullet', <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
      {button('ordered', 'news.tool.ordered', <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      {button('quote', 'news.tool.quote', null, () => chain().toggleBlockquote().run())}
    </Space>
  );
}

interface NewsForm {
  title: string;
  desc: string;
  category_id: number;
  language: Lang | '';
  logo: string;
  published: boolean;
  /** The original article this one translates; empty for an original. */
  translation_of: number | null;
}

const rule = (schema: { safeParse(v: unknown): { success: boolean } }, message: string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value === undefined || value === '') return;
    if (!schema.safeParse(typeof value === 'string' ? value.trim() : value).success) throw new Error(message);
  },
});

/**
 * The article editor (loaded lazily with the rich-text editor, TipTap): the html it produces is
 * sanitized by the server on save, and the preview shows the article as saved - what users get.
 */
export default function NewsEditor({ article, onSaved }: { article: AdminNews | null; onSaved: (saved: AdminNews) => void }) {
  const { t } = useTranslation('config');
  const [form] = Form.useForm<NewsForm>();
  const [saved, setSaved] = useState<AdminNews | null>(article);
  const [busy, setBusy] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit],
    content: article?.content ?? '',
    immediatelyRender: true,
    // the editing area is a text box of its own (contenteditable): it is named like the field
    editorProps: { attributes: { 'aria-label': t('news.content'), 'aria-multiline': 'true' } },
  });

  useEffect(() => {
    form.setFieldsValue({
      title: article?.title ?? '',
      desc: article?.desc ?? '',
      category_id: article?.category_id ?? 1,
      language: (article?.language ?? '') as Lang | '',
      logo: article?.logo ?? '',
      published: article?.published ?? false,
      translation_of: article?.translation_of ?? null,
    });
  }, [article, form]);

  const save = async (values: NewsForm) => {
    if (!editor) return;
    setBusy(true);
    try {
      const body = { ...values, title: values.title.trim(), desc: values.desc.trim(), logo: values.logo.trim(), translation_of: values.translation_of ?? null, content: editor.getHTML() };
      const result = saved
        ? await call(endpoints.adminConfig.updateNews, body, { pathParams: { id: saved.id }, announce: true })
        : await call(endpoints.adminConfig.createNews, body, { announce: true });
      setSaved(result);
      // The editor continues from what was kept: what the sanitizer removed is gone from it too.
      editor.commands.setContent(result.content);
      onSaved(result);
    } catch {
      // The client showed the server's refusal; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="news-form">
          <Form.Item name="title" label={t('news.title_field')} rules={[{ required: true, message: t('common.required') }, rule(shape.title, t('common.invalid'))]}>
            <Input data-testid="news-title" />
          </Form.Item>
          <Form.Item name="desc" label={t('news.desc')} rules={[rule(shape.desc, t('common.invalid'))]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="category_id" label={t('news.category')}>
              <Select style={{ width: 160 }} options={NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`news.categories.${c}`) }))} />
            </Form.Item>
            <Form.Item name="language" label={t('news.language')}>
              <Select style={{ width: 160 }} options={[{ value: '', label: t('news.every_language') }, ...LANGS.map((l) => ({ value: l, label: l }))]} />
            </Form.Item>
            <Form.Item name="published" label={t('news.published')} valuePropName="checked">
              <Switch data-testid="news-published" />
            </Form.Item>
          </Space>
          <Form.Item name="translation_of" label={t('news.translation_of')} extra={t('news.translation_help')}>
            <InputNumber min={1} precision={0} style={{ width: 160 }} data-testid="news-translation-of" />
          </Form.Item>
          <Form.Item name="logo" label={t('news.logo')} extra={t('common.image_help')} rules={[rule(shape.logo, t('common.invalid'))]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('news.content')} required>
            {editor ? <Toolbar editor={editor} /> : null}
            <div className="news-editor" data-testid="news-content">
              <EditorContent editor={editor} />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="news-save">
            {t('common.save')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        {/* Sticky: the preview stays in sight while a long article is edited. */}
        <Card size="small" title={t('news.preview')} data-testid="news-preview" style={{ position: 'sticky', top: 0 }}>
          {saved ? (
            <>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {saved.title}
              </Typography.Title>
              {saved.desc ? <Typography.Paragraph type="secondary">{saved.desc}</Typography.Paragraph> : null}
              {/* Sanitized by the server with its allow-list when it was saved. */}
              <div className="news-preview" dangerouslySetInnerHTML={{ __html: saved.content }} />
            </>
          ) : (
            <Alert type="info" showIcon title={t('news.preview_after_save')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
