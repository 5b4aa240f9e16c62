import { Route } from 'react-router-dom';
import { renderStandalone } from '@dating/shared/standalone';
import { BACK_OFFICE_PATH } from '@dating/shared';
import { NS } from '../lib/i18n';
import StaffApp from '../staff-app';
import './standalone.scss';

/** This remote alone, for its team's development (`npm run dev`): mounted at /staff like the shell does. */
void renderStandalone(
  NS,
  <Route path={`${BACK_OFFICE_PATH}/*`} element={<StaffApp basePath={BACK_OFFICE_PATH} />} />,
);
