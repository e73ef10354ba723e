/**
 * The rest of the UI kit's styles, in Mantine's `mantine` cascade layer: loaded (not blocking the
 * first paint) by every screen but the first pages, which start with `first-page-styles` only
 * (decision 0947). Layered, the kit never wins over our own styles whichever loads last.
 *
 * Only what `first-page-styles` and `dashboard-styles` do not hold, one file per component in the
 * kit's own order (decision 0978): once the dashboard is shown, these rules match none of its
 * elements, so applying them restyles nothing — the whole kit's file restyled every element again
 * (≈ 60–150 ms at a phone's speed). `kit-styles.test.ts` checks that the three files together hold
 * every component of the kit, once, each in the kit's order.
 */
import './dashboard-styles';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/AngleSlider.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/BackgroundImage.layer.css';
import '@mantine/core/styles/Blockquote.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/ColorPicker.layer.css';
import '@mantine/core/styles/ColorInput.layer.css';
import '@mantine/core/styles/Dialog.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Mark.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/PinInput.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import '@mantine/core/styles/RingProgress.layer.css';
import '@mantine/core/styles/SemiCircleProgress.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/Spoiler.layer.css';
import '@mantine/core/styles/Stepper.layer.css';
import '@mantine/core/styles/TableOfContents.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Tree.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/notifications/styles.layer.css';
