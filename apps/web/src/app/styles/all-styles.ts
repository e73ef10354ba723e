/**
 * The whole UI kit's styles, in Mantine's `mantine` cascade layer: loaded (not blocking the first
 * paint) by every screen but the first pages, which start with `first-page-styles` only
 * (decision 0947). Layered, the kit never wins over our own styles whichever loads last.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/charts/styles.layer.css';
