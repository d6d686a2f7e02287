import { useEffect, useRef } from 'react';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@tp/contracts';
import { useImageAlt } from '../../../lib/image-alt';
import { toast } from '../../../lib/toast';
import { uploadIdPhoto } from '../api/identity-api';

/** A chosen photo: a local preview and the server url to send. */
export interface IdPhoto {
  preview: string;
  url: string;
}

/**
 * One photo of the id (one image each, spec section 9). The preview is the chosen file itself:
 * the uploaded copy is private and an <img src> cannot send the authorization header. A failed
 * upload clears the image (spec section 5).
 */
export function IdPhotoPicker({ label, value, onChange, testId }: { label: string; value: IdPhoto | null; onChange: (p: IdPhoto | null) => void; testId: string }) {
  const { t } = useTranslation('identity');
  const box = useRef<HTMLDivElement>(null);
  useImageAlt(box, label);
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const items: ImageUploadItem[] = value ? [{ key: value.url, url: value.preview, extra: value.url }] : [];
  return (
    <div className="tp-id-photo" data-testid={testId} data-state={value ? 'chosen' : 'empty'} ref={box}>
      <div className="tp-id-photo-label">{label}</div>
      <ImageUploader
        value={items}
        maxCount={1}
        accept={UPLOAD_MIME_TYPES.join(',')}
        showFailed={false}
        beforeUpload={(file) => {
          if (file.size > DEFAULT_UPLOAD_MAX_BYTES) {
            toast(t('image_too_large', { mb: DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024 }));
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            const { url } = await uploadIdPhoto(file);
            const preview = URL.createObjectURL(file);
            previews.current.push(preview);
            return { url: preview, extra: url };
          } catch (err) {
            // The api client has said why; nothing stays chosen.
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
