import '../company.css';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError } from '../../../components/ui/states';
import { useSetting } from '../api/company-api';
import { posterFor, videoType } from '../model/links';

const VIDEOS = [
  { key: 'video_url_1', title: 'video.title_1' },
  { key: 'video_url_2', title: 'video.title_2' },
] as const;

function VideoCard({ settingKey, title, index }: { settingKey: (typeof VIDEOS)[number]['key']; title: string; index: number }) {
  const { t } = useTranslation('company');
  const url = useSetting(settingKey);
  let body;
  if (url.isPending) body = <span className="tp-sk tp-video-skeleton" aria-busy="true" data-testid="loading" />;
  else if (url.isError) body = <LoadError onRetry={() => void url.refetch()} />;
  else if (!url.data) body = <Empty />;
  else
    body = (
      // No autoplay: a clip starts only when the user taps play, with the sound the user chooses.
      <video controls playsInline preload="metadata" poster={posterFor(url.data)} aria-label={t(title)} data-testid={`video-${index}`}>
        <source src={url.data} type={videoType(url.data)} />
        {t('video.unsupported')}
      </video>
    );
  return (
    <section className="tp-card tp-video-card">
      <h3 className="tp-video-title">{t(title)}</h3>
      {body}
    </section>
  );
}

/** /mine/video: the two videos whose urls are settings (video_url_1, video_url_2). */
export function VideoPage() {
  const { t: common } = useTranslation();
  return (
    <PageFrame title={common('nav.mine_video')} fallback="/" testId="page-mine-video">
      {VIDEOS.map((v, i) => (
        <VideoCard key={v.key} settingKey={v.key} title={v.title} index={i + 1} />
      ))}
    </PageFrame>
  );
}
