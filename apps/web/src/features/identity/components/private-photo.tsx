import { Image, Skeleton } from 'antd-mobile';
import { usePrivateFileUrl } from '../../../components/ui/private-image';

/** A submitted id photo: private, so fetched with the token and shown from a blob url. */
export function PrivatePhoto({ path, alt, testId }: { path: string; alt: string; testId: string }) {
  const src = usePrivateFileUrl(path);
  return (
    <figure className="tp-id-shot" data-testid={testId}>
      {src ? <Image src={src} alt={alt} fit="contain" lazy={false} className="tp-id-shot-img" /> : <Skeleton animated className="tp-id-shot-img" />}
      <figcaption className="tp-muted">{alt}</figcaption>
    </figure>
  );
}
