// The `./ConversationList` expose points here (mf-chat/webpack.config.js); the component lives in its feature.
import { ConversationList } from '../features/conversations/components/conversation-list';
import type { RemoteComponent } from '@dating/shared/remotes';

export { ConversationList } from '../features/conversations/components/conversation-list';
// The contract with the shell (shared/src/remotes.ts): checked when this remote is built.
export default ConversationList satisfies RemoteComponent<'mf_chat/ConversationList'>;
export type { ConversationListProps } from '../features/conversations/components/conversation-list';
