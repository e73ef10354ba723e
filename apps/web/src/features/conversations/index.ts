/** What other features and the app may use from conversations (decisions 0450, 1230). */
export { MessagesBadge } from './components/messages-badge';
export { OpenConversationButton } from './components/open-conversation-button';
