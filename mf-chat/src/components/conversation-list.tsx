// The `./ConversationList` expose points here (mf-chat/webpack.config.js); the component lives in its feature.
export { default, ConversationList } from '../features/conversations/components/conversation-list';
export type { ConversationListProps } from '../features/conversations/components/conversation-list';
