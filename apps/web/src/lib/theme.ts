import {
  createTheme,
  DEFAULT_THEME,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type MantineThemeOverride,
} from '@mantine/core';
import classes from './theme.module.css';

/**
 * Mantine's palettes with a darker shade 6 (and 7–9 after it). Shade 6 is the one every
 * coloured text uses — `c="red"`, light and outline badges and alerts, subtle buttons — and the
 * background of filled ones under white text: the defaults give 1.7:1 (yellow) to 3.3:1 (red).
 * These keep each hue at 4.6:1 or more on its own light tint over the page's light grey, and
 * white text on them at 5.7:1 or more (WCAG 1.4.3, RGAA 3.2). Shades 0–5 (tints, borders) stay.
 */
const readable = (name: keyof typeof DEFAULT_THEME.colors, dark: [string, string, string, string]): MantineColorsTuple =>
  [...DEFAULT_THEME.colors[name].slice(0, 6), ...dark] as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'ouvrage',
  colors: {
    ouvrage: ['#e8f1fa', '#cfe0f2', '#9ec0e5', '#6a9ed8', '#3f81cc', '#2670c4', '#1c5d99', '#154a7c', '#0e3860', '#072644'],
    red: readable('red', ['#bb3030', '#a52a2a', '#8e2424', '#781f1f']),
    green: readable('green', ['#216c2f', '#1d5f29', '#195224', '#15451e']),
    teal: readable('teal', ['#087454', '#07664a', '#065840', '#054a36']),
    orange: readable('orange', ['#a84605', '#943e04', '#803504', '#6c2d03']),
    yellow: readable('yellow', ['#895900', '#794e00', '#684400', '#583900']),
    blue: readable('blue', ['#1767af', '#145b9a', '#114e85', '#0f4270']),
    grape: readable('grape', ['#9937b1', '#87309c', '#742a87', '#622371']),
    cyan: readable('cyan', ['#0c7080', '#0b6371', '#095561', '#084852']),
    indigo: readable('indigo', ['#3b59d4', '#344ebb', '#2d44a1', '#263988']),
    violet: readable('violet', ['#6c45df', '#5f3dc4', '#5234a9', '#452c8f']),
    // Gray 6 is the text of gray badges; 7–9 are already dark.
    gray: [...DEFAULT_THEME.colors.gray.slice(0, 6), '#5f666d', ...DEFAULT_THEME.colors.gray.slice(7)] as unknown as MantineColorsTuple,
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Arial, sans-serif',
  defaultRadius: 'md',
  primaryShade: 6,
  components: {
    // Every input of the kit (text, select, number…) is built on Input: read-only ones look it.
    // Plain objects, not `Input.extend(…)`: the theme must not pull the components' code into the
    // first page (decision 0945).
    Input: { classNames: { input: classes.input } } satisfies MantineThemeComponent,
    // What a user types takes the direction of its first letter (decision 0981): in Arabic,
    // « 12 rue Paul Bert » showed as « rue Paul Bert 12 ». A field may still set its own (`dir="ltr"`
    // for an IBAN); numbers are ruled in theme.module.css.
    TextInput: { defaultProps: { dir: 'auto' } } satisfies MantineThemeComponent,
    Textarea: { defaultProps: { dir: 'auto' } } satisfies MantineThemeComponent,
    Autocomplete: { defaultProps: { dir: 'auto' } } satisfies MantineThemeComponent,
  },
});

/**
 * The theme with the texts it gives the kit's own buttons, in the interface's language: the close
 * cross of every modal and drawer is named (« Fermer »), WCAG 4.1.2 / RGAA 7.1 — Mantine leaves
 * it without a name.
 */
export function themeWithLabels(labels: { close: string }): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } } satisfies MantineThemeComponent,
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } } satisfies MantineThemeComponent,
    },
  });
}

/**
 * Every text at least 4.5:1 (WCAG 1.4.3, RGAA 3.2), on white and on the light grey and light blue
 * backgrounds of the screens: Mantine's dimmed grey (#868e96), error red (#fa5252) and placeholder
 * grey (#adb5bd) are 3.3, 3.3 and 2.1:1 on white. Ours: 5.8, 5.9 and 4.9:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-6)',
    '--mantine-color-placeholder': '#6b7178',
  },
  dark: {},
});
