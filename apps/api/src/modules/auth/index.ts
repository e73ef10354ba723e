/** The auth module's public entry (docs/decisions/0450). */
export { authRoutes } from './routes';
export { issuePasswordLink } from './password-links';
export { forgetSessions, revokeOtherSessions } from './account-sessions';
export { registerAccounts, type Accounts } from './accounts';
