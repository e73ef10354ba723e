import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'ouvrage',
  colors: {
    ouvrage: ['#e8f1fa', '#cfe0f2', '#9ec0e5', '#6a9ed8', '#3f81cc', '#2670c4', '#1c5d99', '#154a7c', '#0e3860', '#072644'],
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", Arial, sans-serif',
  defaultRadius: 'md',
  primaryShade: 6,
});
