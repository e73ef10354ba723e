import type { Recipients } from '../notifications';
import { activeAdmins, findUser, setLanguage } from './repository';

/** This module's side of the notifications module's `Recipients` contract (decision 1190). */
export const notificationRecipients: Recipients = {
  recipient: async (executor, userId) => {
    const user = await findUser(executor, userId);
    if (!user || user.anonymizedAt) return null;
    return { id: user.id, email: user.email, firstname: user.firstname, language: user.language, userType: user.userType };
  },
  adminIds: async (executor) => (await activeAdmins(executor)).map((admin) => admin.id),
  languageOf: async (executor, userId) => (await findUser(executor, userId))?.language ?? 'fr',
  setLanguage,
};
