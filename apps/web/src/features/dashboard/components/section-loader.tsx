import { Box } from '@mantine/core';
import { ScreenLoader } from '../../../components/ui/screen-loader';

/**
 * A dashboard section while its figures load: the loader where it always was, in a box a screen
 * high, so that what follows (the shortcuts) stays below the fold instead of being pushed down
 * once the figures arrive (layout shift, decision 0949).
 */
export function SectionLoader() {
  return (
    <Box mih="100vh">
      <ScreenLoader />
    </Box>
  );
}
