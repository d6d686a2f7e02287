import { useEffect, useState } from 'react';
import { Image, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPrivateFile } from '../lib/api';

/**
 * An uploaded (private) image: it needs the admin token, which an <img src> cannot send, so it
 * is fetched and shown from a blob URL; a click opens antd's full-size preview.
 */
export function PrivateImage({ path, alt, width = '100%', testId }: { path: string; alt: string; width?: number | string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ path: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    let url: string | null = null;
    fetchPrivateFile(path, ctrl.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ path, src: url, failed: false });
      })
      .catch(() => {
        if (!ctrl.signal.aborted) setState({ path, src: null, failed: true });
      });
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (!state || state.path !== path) return <Skeleton.Image active />;
  if (state.failed || !state.src) return <Typography.Text type="danger">{t('image_failed')}</Typography.Text>;
  return <Image src={state.src} alt={alt} width={width} style={{ objectFit: 'contain' }} data-testid={testId} />;
}
