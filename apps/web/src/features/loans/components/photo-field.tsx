import { useEffect, useRef } from 'react';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@tp/contracts';
import { useImageAlt } from '../../../lib/image-alt';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../api/loans';

/** A chosen photo: the local preview and the server url to send. */
export interface Photo { preview: string; url: string }

/**
 * One photo, uploaded when chosen. The preview is the chosen file itself (the uploaded copy is
 * private); a failed upload leaves nothing chosen.
 */
export function PhotoField({ value, onChange, testId, alt }: { value: Photo | null; onChange: (p: Photo | null) => void; testId: string; alt: string }) {
  const { t } = useTranslation('loans');
  const box = useRef<HTMLDivElement>(null);
  useImageAlt(box, alt);
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const items: ImageUploadItem[] = value ? [{ key: value.url, url: value.preview, extra: value.url }] : [];
  return (
    <div className="tp-loan-photo" data-testid={testId} ref={box}>
      <ImageUploader
        value={items}
        maxCount={1}
        accept={UPLOAD_MIME_TYPES.join(',')}
        showFailed={false}
        beforeUpload={(file) => {
          if (file.size > DEFAULT_UPLOAD_MAX_BYTES) {
            toast(t('loan.image_too_large', { mb: DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024 }));
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            const { url } = await uploadImage(file, file.name);
            const preview = URL.createObjectURL(file);
            previews.current.push(preview);
            return { url: preview, extra: url };
          } catch (err) {
            onChange(null);
            throw err;
          }
        }}
        onChange={(list) => {
          const last = list.at(-1);
          onChange(last ? { preview: last.url, url: String(last.extra) } : null);
        }}
      />
    </div>
  );
}
