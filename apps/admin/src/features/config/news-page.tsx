import { lazy, Suspense, useState } from 'react';
import { Button, Card, Drawer, Spin, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminNews } from '@tp/contracts';
import { call } from '../../lib/api';

/** The rich-text editor is large: it loads when an article is opened, not with the console. */
const NewsEditor = lazy(() => import('./news-editor'));

/** News articles: the list (newest first) and the editor; withdrawing unpublishes, nothing is deleted. */
export default function NewsPage() {
  const { t } = useTranslation('config');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ article: AdminNews | null } | null>(null);
  const list = useQuery({ queryKey: ['config', 'news', page], queryFn: () => call(endpoints.adminConfig.news, { page }) });
  const refresh = () => client.invalidateQueries({ queryKey: ['config', 'news'] });
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => call(endpoints.adminConfig.updateNews, { published }, { pathParams: { id }, announce: true }),
    onSuccess: refresh,
  });
  return (
    <Card
      title={t('news.title')}
      data-state={list.isSuccess && !list.isFetching ? 'ready' : 'loading'}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ article: null })} data-testid="news-create">
          {t('news.new')}
        </Button>
      }
    >
      <Table<AdminNews>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        data-testid="news"
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: list.data?.per_page ?? 20, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('news.id'), dataIndex: 'id', width: 70 },
          { title: t('news.title_field'), dataIndex: 'title' },
          { title: t('news.category'), dataIndex: 'category_id', render: (v: number) => t(`news.categories.${v}`) },
          {
            title: t('news.language'),
            dataIndex: 'language',
            render: (v: string, row) => (
              <>
                <Tag>{v || t('news.every_language')}</Tag>
                {row.translation_of ? <Tag color="blue">{t('news.translation_tag', { id: row.translation_of })}</Tag> : null}
              </>
            ),
          },
          { title: t('news.updated_at'), dataIndex: 'updated_at' },
          {
            title: t('news.published'),
            key: 'published',
            render: (_, row) => <Switch size="small" checked={row.published} aria-label={`${t('news.published')}: ${row.title}`} onChange={(published) => publish.mutate({ id: row.id, published })} />,
          },
          {
            title: '',
            key: 'edit',
            render: (_, row) => (
              <Button size="small" onClick={() => setOpen({ article: row })} data-testid={`news-edit-${row.id}`}>
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={open !== null} onClose={() => setOpen(null)} size="large" width="min(1200px, 92vw)" title={open?.article ? t('news.edit') : t('news.new')} destroyOnHidden>
        {open ? (
          <Suspense fallback={<Spin />}>
            <NewsEditor
              article={open.article}
              onSaved={(saved) => {
                // A new article is now one being edited: the next save changes it.
                setOpen({ article: saved });
                void refresh();
              }}
            />
          </Suspense>
        ) : null}
      </Drawer>
    </Card>
  );
}
