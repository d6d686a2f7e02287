import { useEffect, useRef } from 'react';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@tp/contracts';
import { useImageAlt } from '../../../lib/image-alt';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../api/upload';

/** The chosen proof: a local preview and the server url to send as proofImg. */
export interface Proof { preview: string; url: string }

/**
 * One proof image. The preview is the chosen file itself (the uploaded copy is private and an
 * <img src> cannot send the authorization header); a failed upload leaves nothing chosen.
 */
export function ProofUploader({ value, onChange, testId }: { value: Proof | null; onChange: (p: Proof | null) => void; testId: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useImageAlt(box, t('charge.proof'));
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );
  const items: ImageUploadItem[] = value ? [{ key: value.url, url: value.preview, extra: value.url }] : [];
  return (
    <div className="tp-proof" data-testid={testId} ref={box}>
      <ImageUploader
        value={items}
        maxCount={1}
        accept={UPLOAD_MIME_TYPES.join(',')}
        showFailed={false}
        beforeUpload={(file) => {
          if (file.size > DEFAULT_UPLOAD_MAX_BYTES) {
            toast(t('wallet.image_too_large', { mb: DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024 }));
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            const { url } = await uploadImage(file);
            const preview = URL.createObjectURL(file);
            previews.current.push(preview);
            return { url: preview, extra: url };
          } catch (err) {
            // A failed upload clears the image (spec section 5); the api client said why.
            onChange(null);
            throw err;
          }
        }}
        onChange={(list) => {
          const last = list.at(-1);
          onChange(last ? { preview: last.url, url: String(last.extra) } : null);
        }}
      />
      <div className="tp-muted tp-proof-hint">{t('wallet.proof_hint')}</div>
    </div>
  );
}
