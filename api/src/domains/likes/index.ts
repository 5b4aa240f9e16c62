// The likes domain: likes and matches, the swipe game's daily likes, reports (/api/likes.php, like.php,
// like-seen.php, auto-like.php, swipe.php, report.php).
import type { DomainModule } from '../../lib/domain-module';
import { likeRoute } from './routes/like';
import { likeSeenRoute } from './routes/like-seen';
import { likesRoute } from './routes/likes';
import { reportRoute } from './routes/report';
import { swipeRoute } from './routes/swipe';
export { likesRoute } from './routes/likes';
export { likeRoute } from './routes/like';
export { likeSeenRoute } from './routes/like-seen';
export { swipeRoute } from './routes/swipe';
export { reportRoute } from './routes/report';
export { createLikesService, type LikesService } from './likes';
export { createReportsService, type CaseState, type ReportsService } from './reports';
export { openReports, reportRecipient, reportRow, reportRows, reportRowsOf, type ReportRow } from './queries';

/** The likes' routes, for the composition root (api/src/app/routes.ts). */
export const likesDomain: DomainModule = {
  name: 'likes',
  routes: [likesRoute, likeRoute, likeSeenRoute, swipeRoute, reportRoute],
};
