import '../support.css';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { useBasicInfo } from '../../../lib/queries';
import { ExternalService } from '../components/external-service';
import { SupportChat } from '../components/support-chat';

/**
 * /mine/chat: the service link of the settings when staff set one (decisions.md), else the
 * built-in chat with staff, which needs an account: a visitor is asked to log in first.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('support');
  const navigate = useNavigate();
  const basic = useBasicInfo();
  const token = useAuth((s) => s.token);
  const link = basic.data?.service_link.trim() ?? '';
  const external = /^https?:\/\//i.test(link);

  let body;
  if (basic.isPending) body = <LoadingLines rows={5} />;
  else if (basic.isError) body = <LoadError onRetry={() => void basic.refetch()} />;
  else if (external) body = <ExternalService link={link} type={basic.data.service_link_type} />;
  else if (!token)
    body = (
      <div className="tp-chat-empty" data-testid="chat-login">
        <div className="tp-chat-empty-title">{ts('login_title')}</div>
        <div className="tp-muted">{ts('login_desc')}</div>
        <Button color="primary" onClick={() => navigate(`/login?from=${encodeURIComponent('/mine/chat')}`)} data-testid="chat-login-button">
          {ts('login')}
        </Button>
      </div>
    );
  else body = <SupportChat />;

  return (
    <PageFrame title={t('nav.mine_chat')} testId="page-mine-chat" fallback="/user">
      {body}
    </PageFrame>
  );
}
