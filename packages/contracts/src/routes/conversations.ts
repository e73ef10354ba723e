import { routeLines, typedRoutes } from '../route-lines';
import type { conversationEndpoints } from '../conversations';
import type { conversationModerationEndpoints } from '../conversation-moderation';

/**
 * Conversations inside a project (issue 39 §1, decision 1230). `owner: 'conversation'` is its two
 * members (the admin passes: he reads every conversation, and the handler lets him write only in
 * his own); `'conversation-message'` a message's author; `'conversation-attachment'` the members of
 * the file's conversation; `'project'` the project's client and its
 * accepted professionals. The handlers check the rest: write access (a professional whose tender is
 * no longer accepted reads only), the edit window, the counterpart one may open a conversation with.
 */
const pro = { validatedOnly: true } as const;
const people = ['client', 'professionnel', 'dessinateur', 'architecte', 'admin'] as const;
const member = { allow: people, ...pro, owner: 'conversation' } as const;
const author = { allow: people, ...pro, owner: 'conversation-message' } as const;
const attachmentReader = { allow: people, ...pro, owner: 'conversation-attachment' } as const;

export const conversationLines = routeLines({
  conversations: { method: 'GET', path: '/api/conversations', access: { allow: people, ...pro } },
  unreadCount: { method: 'GET', path: '/api/conversations/non-lus', access: { allow: people, ...pro } },
  openConversation: { method: 'POST', path: '/api/projet/{id}/conversations', access: { allow: people, ...pro, owner: 'project' } },
  conversation: { method: 'GET', path: '/api/conversations/{id}', access: member },
  messages: { method: 'GET', path: '/api/conversations/{id}/messages', access: member },
  // A text message as JSON, or a multipart form: `body` and up to 5 files (field `files`).
  sendMessage: { method: 'POST', path: '/api/conversations/{id}/messages', access: member, consumes: ['multipart/form-data'] },
  markRead: { method: 'POST', path: '/api/conversations/{id}/lu', access: member },
  editMessage: { method: 'PATCH', path: '/api/conversations/messages/{id}', access: author },
  deleteMessage: { method: 'DELETE', path: '/api/conversations/messages/{id}', access: author },
  attachment: { method: 'GET', path: '/api/conversations/pieces-jointes/{id}', access: attachmentReader },
  // The project's documents the caller may point to in a message (decision 1230 « References »).
  documents: { method: 'GET', path: '/api/conversations/{id}/documents', access: member },
});

export const conversationRoutes = /* @__PURE__ */ typedRoutes<typeof conversationEndpoints>(conversationLines);

/**
 * Reports and moderation (decision 1230 « Reports and moderation »): a member (client or
 * professional, not the admin) reports a message of the other on `{id}` = the conversation; the
 * admin lists the reports and, in a reported conversation, hides a message, suspends a member's
 * writing, closes a report, sees who read what. The rules inside (only a reported conversation, one
 * open report per message and reporter) answer 409 with a code.
 */
const reporter = { allow: ['client', 'professionnel', 'dessinateur', 'architecte'], ...pro, owner: 'conversation' } as const;
const moderator = { allow: ['admin'] } as const;

export const conversationModerationLines = routeLines({
  reportMessage: { method: 'POST', path: '/api/conversations/{id}/signalements', access: reporter },
  reports: { method: 'GET', path: '/api/conversations/signalements', access: moderator },
  moderation: { method: 'GET', path: '/api/conversations/{id}/moderation', access: moderator },
  hideMessage: { method: 'POST', path: '/api/conversations/messages/{id}/masquer', access: moderator },
  unhideMessage: { method: 'POST', path: '/api/conversations/messages/{id}/afficher', access: moderator },
  suspendWriting: { method: 'POST', path: '/api/conversations/{id}/suspendre', access: moderator },
  liftSuspension: { method: 'POST', path: '/api/conversations/{id}/retablir', access: moderator },
  closeReport: { method: 'POST', path: '/api/conversations/signalements/{id}/cloture', access: moderator },
});

export const conversationModerationRoutes = /* @__PURE__ */ typedRoutes<typeof conversationModerationEndpoints>(conversationModerationLines);
