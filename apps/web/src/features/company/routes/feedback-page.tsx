import '../company.css';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';

/**
 * /feedback: the spec's placeholder. It takes no messages itself; it says where feedback goes
 * instead (online service, the company e-mail) rather than a "coming later" frame.
 */
export function FeedbackPage() {
  const { t } = useTranslation('company');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={common('nav.feedback')} testId="page-feedback">
      <div className="tp-card tp-feedback" data-testid="feedback-placeholder">
        <p>{t('feedback.text')}</p>
        <Button block color="primary" onClick={() => navigate('/mine/chat')} data-testid="feedback-chat">
          {common('nav.mine_chat')}
        </Button>
        <Button block fill="outline" color="primary" onClick={() => navigate('/mine/email')} data-testid="feedback-email">
          {common('nav.mine_email')}
        </Button>
      </div>
    </PageFrame>
  );
}
