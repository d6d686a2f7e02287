import { useEffect, useRef, useState } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Paged } from '@tp/contracts';

/** One tab of a user's page: a server-paged list (the user id is in the fetcher's path). */
export function PagedTab<Row extends object>({
  queryKey,
  fetchPage,
  columns,
  rowKey,
  testId,
}: {
  /** Names the list in the query cache, beside the user id. */
  queryKey: readonly unknown[];
  fetchPage: (page: number) => Promise<Paged<Row>>;
  columns: TableColumnsType<Row>;
  rowKey: keyof Row & string;
  testId: string;
}) {
  const { t } = useTranslation('users');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, page],
    queryFn: () => fetchPage(page),
    placeholderData: keepPreviousData,
  });
  const box = useRef<HTMLDivElement>(null);
  // A list wider than the page scrolls sideways inside antd's content box: the box takes the
  // keyboard's focus, so the columns past the edge can be reached without a mouse.
  useEffect(() => {
    box.current?.querySelectorAll<HTMLElement>('.ant-table-content').forEach((el) => {
      if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
    });
  });
  return (
    <div ref={box}>
    <Table<Row>
      size="small"
      rowKey={rowKey}
      loading={isFetching}
      dataSource={data?.data ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      pagination={{ current: page, pageSize: data?.per_page ?? 20, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total) => t('total', { total }) }}
    />
    </div>
  );
}
