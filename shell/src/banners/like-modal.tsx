import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  coreApi,
  LIKES_RELOAD_DELAY_MS,
  Modal,
  ProfilePhoto,
  useAppDispatch,
  useLazyAutoLikeQuery,
  type AutoLikeResponse,
} from '@dating/shared';

/**
 * `?t=<seconds>`: after that delay a member gets an automatic like (auto-like.php), shown in this modal; `t` is
 * then removed from the address and the likes list reloads 500 ms later (docs/product/routes-and-layouts.md, docs/product/calls-and-errors.md).
 */
export function LikeModal({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [trigger] = useLazyAutoLikeQuery();
  const [liked, setLiked] = useState<AutoLikeResponse['profile'] | null>(null);
  const delay = params.get('t');
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!loggedIn || delay === null) return undefined;
    const seconds = Math.max(0, Number(delay) || 0);
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('t');
          return next;
        },
        { replace: true },
      );
      void trigger()
        .unwrap()
        .then((result) => {
          if (result && result.profile) setLiked(result.profile);
          // Not tied to this effect: removing `t` re-runs it, and the reload must still happen.
          reloadTimer.current = setTimeout(
            () =>
              void dispatch(
                coreApi.endpoints.getLikes.initiate(undefined, { forceRefetch: true, subscribe: false }),
              ),
            LIKES_RELOAD_DELAY_MS,
          );
        })
        .catch(() => undefined);
    }, seconds * 1000);
    return () => clearTimeout(timer);
  }, [delay, dispatch, loggedIn, setParams, trigger]);

  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  if (!liked) return null;
  const open = () => {
    setLiked(null);
    navigate(`/members/${liked.id}`);
  };
  return (
    <Modal
      open
      onClose={() => setLiked(null)}
      closeLabel={t('common.close')}
      title={t('likeModal.title')}
      size="sm"
    >
      <button
        type="button"
        className="btn p-0 border-0 w-100 text-start"
        onClick={open}
        data-testid="like-modal"
      >
        <ProfilePhoto
          profile={{ name: liked.name, main_image: liked.main_image }}
          size="match"
          square
          className="mb-3"
        />
        <p className="mb-3">{t('likeModal.text', { name: liked.name })}</p>
        <span className="btn btn-primary w-100">{t('likeModal.action')}</span>
      </button>
    </Modal>
  );
}
