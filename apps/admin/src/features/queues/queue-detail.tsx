import { Button, Descriptions, Drawer, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EndpointSpec } from '@tp/contracts';
import { PrivateImage } from '../../components/private-image';
import { StaffName } from '../../components/staff-name';
import { fetchPrivateFile } from '../../lib/api';
import type { DecisionKind } from './decision-modal';
import type { ItemOf, QueueDefinition, QueueItem } from './queue-definition';
import { StatusTag } from './status-tag';

interface Props<L extends EndpointSpec> {
  definition: QueueDefinition<L>;
  item: (ItemOf<L> & QueueItem) | null;
  onClose(): void;
  onDecide(kind: DecisionKind): void;
}

/** A private file fetched with the staff token and handed to the browser as a download. */
async function download(path: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await fetchPrivateFile(path));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every field of an item and its uploaded images full size; approve and reject while it waits. */
export function QueueDetail<L extends EndpointSpec>({ definition, item, onClose, onDecide }: Props<L>) {
  const { t } = useTranslation('queues');
  const waiting = item?.status === definition.statuses[0].value;
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={720}
      title={item ? t(`${definition.key}.detail_title`, { id: item.id }) : null}
      extra={
        waiting ? (
          <Space>
            <Button danger icon={<CloseOutlined />} onClick={() => onDecide('reject')} data-testid="detail-reject">
              {t('actions.reject')}
            </Button>
            <Button type="primary" icon={<CheckOutlined />} onClick={() => onDecide('approve')} data-testid="detail-approve">
              {t('actions.approve')}
            </Button>
          </Space>
        ) : null
      }
      data-testid="queue-detail"
    >
      {item ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'status', label: t('status.title'), children: <StatusTag status={item.status} statuses={definition.statuses} /> },
              ...definition.detailFields
                .filter((f) => f.when?.(item) ?? true)
                .map((f) => {
                  const value = f.value(item, t);
                  return { key: f.key, label: t(`${definition.key}.fields.${f.key}`), children: f.staff && typeof value === 'number' ? <StaffName id={value} /> : (value ?? '') };
                }),
            ]}
          />
          {(definition.fileFields ?? []).map((file) => {
            const path = file.path(item);
            return path ? (
              <Button key={file.key} icon={<DownloadOutlined />} onClick={() => void download(path, path.split('/').at(-1) ?? file.key).catch(() => undefined)} data-testid={`detail-file-${file.key}`}>
                {t(`${definition.key}.fields.${file.key}`)}
              </Button>
            ) : null;
          })}
          {definition.imageFields.map((img) => {
            const path = img.path(item);
            return (
              <div key={img.key}>
                <Typography.Title level={5}>{t(`${definition.key}.fields.${img.key}`)}</Typography.Title>
                {path ? <PrivateImage path={path} alt={t(`${definition.key}.fields.${img.key}`)} testId={`detail-image-${img.key}`} /> : <Typography.Text type="secondary">{t('no_image')}</Typography.Text>}
              </div>
            );
          })}
        </Space>
      ) : null}
    </Drawer>
  );
}
