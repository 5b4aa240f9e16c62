import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { renderStandalone } from '@dating/shared/standalone';
import { NS } from '../lib/i18n';
import './standalone.scss';

const HomePage = lazy(() => import('../routes/home-page'));
const LanderPage = lazy(() => import('../routes/lander-page'));
const SwipeGamePage = lazy(() => import('../routes/swipe-game-page'));
const MatchFinderPage = lazy(() => import('../routes/match-finder-page'));

/** This remote alone, for its team's development (`npm run dev`). */
void renderStandalone(
  NS,
  <>
    <Route path="/" element={<HomePage />} />
    <Route path="/swipe-game" element={<SwipeGamePage />} />
    <Route path="/match-finder" element={<MatchFinderPage />} />
    <Route path="/landers/tinderswipe" element={<LanderPage />} />
    <Route path="/landers/:variant/:slug?" element={<LanderPage />} />
    <Route path="/members/:id/landing" element={<LanderPage />} />
    <Route path="/members/:id/landing2/:slug?" element={<LanderPage />} />
    <Route path="/members/:id/landing3/:slug?" element={<LanderPage />} />
    <Route path="/members/:id/signup" element={<LanderPage />} />
    <Route path="/:token" element={<LanderPage />} />
  </>,
);
