import { Route } from 'react-router-dom';
import { renderStandalone } from '@dating/shared/standalone';
import { STAFF_BASE_PATH } from '@dating/shared';
import { NS } from '../lib/i18n';
import StaffApp from '../staff-app';
import './standalone.scss';

/** This remote alone, for its team's development (`npm run dev`): mounted at /staff like the shell does. */
void renderStandalone(NS, <Route path={`${STAFF_BASE_PATH}/*`} element={<StaffApp basePath={STAFF_BASE_PATH} />} />);
