import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dropdown } from '@dating/shared';
import { BlockDialog, ReportDialog } from '@dating/shared/member-actions';
import { NS } from '../../../lib/i18n';

/**
 * Block and report from inside a conversation: a menu in the conversation's header. Members only
 * (the server needs a session for both); the visitor's invitation has no menu.
 */
export function ConversationMenu({
  profileId,
  name,
  conversation,
}: {
  profileId: number;
  name: string;
  /** Undefined before the first message: a report then names only the member. */
  conversation: number | undefined;
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Dropdown
        label={
          <>
            <span aria-hidden="true">⋮</span>
            <span className="visually-hidden">{t('safety.menu')}</span>
          </>
        }
        toggleClassName="btn btn-link text-body px-2 fs-4 lh-1 text-decoration-none"
      >
        {(closeMenu) => (
          <>
            <li>
              <button
                type="button"
                className="dropdown-item"
                onClick={() => {
                  closeMenu();
                  setOpen('block');
                }}
              >
                {t('safety.block.action')}
              </button>
            </li>
            <li>
              <button
                type="button"
                className="dropdown-item"
                onClick={() => {
                  closeMenu();
                  setOpen('report');
                }}
              >
                {t('safety.report.action')}
              </button>
            </li>
          </>
        )}
      </Dropdown>
      {/* Blocked: the server removed this conversation (and told the pair's tabs); back to the list. */}
      {open === 'block' && (
        <BlockDialog
          profileId={profileId}
          name={name}
          onClose={close}
          onBlocked={() => navigate('/chats', { replace: true })}
        />
      )}
      {open === 'report' && (
        <ReportDialog profileId={profileId} name={name} conversation={conversation} onClose={close} />
      )}
    </>
  );
}
