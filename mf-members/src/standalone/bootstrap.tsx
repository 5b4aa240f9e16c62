import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { renderStandalone } from '@dating/shared/standalone';
import { NS } from '../lib/i18n';
import './standalone.scss';

const MembersPage = lazy(() => import('../routes/members-page'));
const MemberProfilePage = lazy(() => import('../routes/member-profile-page'));
const LikesPage = lazy(() => import('../routes/likes-page'));

/** This remote alone, for its team's development (`npm run dev`). */
void renderStandalone(
  NS,
  <>
    <Route path="/" element={<MembersPage />} />
    <Route path="/members" element={<MembersPage />} />
    <Route path="/members/:id" element={<MemberProfilePage />} />
    <Route path="/likes/m/:id" element={<MemberProfilePage />} />
    <Route path="/likes/:type?" element={<LikesPage />} />
  </>,
);
