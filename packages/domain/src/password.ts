/** The password rule shown to users: each requirement has a key for the UI checklist. */
export const PASSWORD_RULES = [
  { key: 'length', test: (p: string) => p.length >= 10 && p.length <= 128 },
  { key: 'lowercase', test: (p: string) => /[a-zà-ÿ]/.test(p) },
  { key: 'uppercase', test: (p: string) => /[A-ZÀ-Ý]/.test(p) },
  { key: 'digit', test: (p: string) => /\d/.test(p) },
] as const;

export type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

export function unmetPasswordRules(password: string): PasswordRuleKey[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.key);
}

export function isStrongPassword(password: string): boolean {
  return unmetPasswordRules(password).length === 0;
}
