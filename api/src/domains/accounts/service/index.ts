import { bansModule } from './bans';
import { blocksModule } from './blocks';
import { complaintsModule } from './complaints';
import { createContext, type AccountsDeps } from './context';
import { deletionModule } from './deletion';
import { dismissalsModule } from './dismissals';
import { exportModule } from './export';
import { notificationsModule } from './notifications';
import { profileModule } from './profile';
import { recoveryModule } from './recovery';
import { signupModule } from './signup';
import { createTokens } from './tokens';

export type { AccountsDeps } from './context';

/**
 * The accounts slice: signup and activation, recovery, email change, profile, notification
 * preferences, blocks, deletion with reactivation and erasure, export, complaints. Photos are their own service
 * (`services/photos`), reached here as `deps.photos`.
 */
export function createAccountsService(deps: AccountsDeps) {
  const ctx = createContext(deps, createTokens(deps.db));
  const notifications = notificationsModule(ctx);
  const blocks = blocksModule(ctx);
  return {
    tokens: ctx.tokens,
    ...signupModule(ctx),
    ...recoveryModule(ctx),
    profile: profileModule(ctx),
    notifications,
    blocks,
    bans: bansModule(ctx),
    deletion: deletionModule(ctx),
    export: exportModule(ctx, {
      photos: (id, paid) => deps.photos.list(id, paid),
      notifications: (id, email) => notifications.get(id, email),
      blocks: (id) => blocks.list(id),
    }),
    complaints: complaintsModule(ctx),
    dismissals: dismissalsModule(ctx),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
