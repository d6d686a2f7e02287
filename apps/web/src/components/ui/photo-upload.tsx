import { useEffect, useRef, type ReactNode } from 'react';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@tp/contracts';
import { useImageAlt } from '../../lib/image-alt';
import { toast } from '../../lib/toast';

/** A chosen photo: the local preview and the server url the form sends. */
export interface ChosenPhoto {
  preview: string;
  url: string;
}

export interface PhotoUploadProps {
  value: ChosenPhoto | null;
  onChange: (photo: ChosenPhoto | null) => void;
  /** Sends the file; answers the server's url for it. */
  upload: (file: File) => Promise<{ url: string }>;
  /** What a screen reader says for the chosen picture. */
  alt: string;
  /** The refusal shown for a file over the size limit (in MB). */
  tooLarge: (mb: number) => string;
  testId: string;
  className: string;
  /** Shown above the picker. */
  label?: ReactNode;
  /** Shown below the picker. */
  children?: ReactNode;
}

/**
 * One photo, uploaded as soon as it is chosen (identity, loans, deposit proof). The preview is the
 * chosen file itself: the uploaded copy is private and an <img src> cannot send the authorization
 * header. A file over the size limit is refused before it is sent; a failed upload leaves nothing
 * chosen (spec section 5) - the api client has already said why.
 */
export function PhotoUpload({ value, onChange, upload, alt, tooLarge, testId, className, label, children }: PhotoUploadProps) {
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
    <div className={className} data-testid={testId} data-state={value ? 'chosen' : 'empty'} ref={box}>
      {label}
      <ImageUploader
        value={items}
        maxCount={1}
        accept={UPLOAD_MIME_TYPES.join(',')}
        showFailed={false}
        beforeUpload={(file) => {
          if (file.size > DEFAULT_UPLOAD_MAX_BYTES) {
            toast(tooLarge(DEFAULT_UPLOAD_MAX_BYTES / 1024 / 1024));
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            const { url } = await upload(file);
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
      {children}
    </div>
  );
}
