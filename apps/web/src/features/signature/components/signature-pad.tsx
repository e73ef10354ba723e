import { useEffect, useRef, useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import fontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf?url';

export type SignatureMode = 'drawn' | 'typed';
export interface SignatureValue {
  mode: SignatureMode;
  /** PNG data URL, null while empty. */
  image: string | null;
}

const HEIGHT = 160;
const TYPED_FONT = 'OuvrageSignature';
let fontLoading: Promise<void> | null = null;
/** The typed signature's font, shipped with the app (DejaVu Serif Italic), loaded on first use. */
function loadTypedFont(): Promise<void> {
  fontLoading ??= new FontFace(TYPED_FONT, `url(${fontUrl})`).load().then((face) => {
    document.fonts.add(face);
  });
  return fontLoading;
}

/** The typed name drawn on a canvas in the signature font: what the PDF will carry. */
async function typedImage(name: string): Promise<string | null> {
  const text = name.trim();
  if (!text) return null;
  await loadTypedFont();
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 160;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  let size = 64;
  ctx.font = `${size}px ${TYPED_FONT}`;
  while (size > 20 && ctx.measureText(text).width > canvas.width - 40) {
    size -= 4;
    ctx.font = `${size}px ${TYPED_FONT}`;
  }
  ctx.fillStyle = '#1a237e';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 20, canvas.height / 2);
  return canvas.toDataURL('image/png');
}

/**
 * Draw (mouse, finger, pen: signature_pad) or type the signature. The pad takes the full width
 * of its container, so a phone gets the widest pad its screen allows; it is drawn left to right
 * whatever the language.
 */
export function SignatureInput({ onChange, defaultName }: { onChange: (value: SignatureValue) => void; defaultName: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SignatureMode>('drawn');
  const [name, setName] = useState(defaultName);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (mode !== 'drawn' || !canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a237e', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const update = () => onChange({ mode: 'drawn', image: pad.isEmpty() ? null : pad.toDataURL('image/png') });
    // The canvas's pixels follow its displayed size (sharp on any screen). Resizing the canvas
    // wipes it, so the strokes are drawn again (a phone turned, a scrollbar gone).
    let fitted = 0;
    const fit = () => {
      const width = Math.round(canvas.getBoundingClientRect().width);
      if (!width || width === fitted) return;
      fitted = width;
      const strokes = pad.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = Math.floor(width * ratio);
      canvas.height = Math.floor(HEIGHT * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
      update();
    };
    fit();
    pad.addEventListener('endStroke', update);
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', update);
      pad.off();
      padRef.current = null;
    };
  }, [mode, onChange]);

  useEffect(() => {
    if (mode !== 'typed') return;
    let live = true;
    void typedImage(name).then((image) => live && onChange({ mode: 'typed', image }));
    return () => {
      live = false;
    };
  }, [mode, name, onChange]);

  return (
    <Stack gap="xs">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as SignatureMode)}
        data={[
          { value: 'drawn', label: t('signing.pad.draw') },
          { value: 'typed', label: t('signing.pad.type') },
        ]}
        data-testid="signature-mode"
      />
      {mode === 'drawn' ? (
        <Stack gap={4}>
          <div dir="ltr" style={{ width: '100%' }}>
            <canvas
              ref={canvasRef}
              data-testid="signature-canvas"
              aria-label={t('signing.pad.canvas')}
              style={{
                width: '100%',
                height: HEIGHT,
                display: 'block',
                touchAction: 'none',
                border: '1px dashed var(--mantine-color-gray-5)',
                borderRadius: 6,
                background: 'white',
              }}
            />
          </div>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('signing.pad.hint')}
            </Text>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                padRef.current?.clear();
                onChange({ mode: 'drawn', image: null });
              }}
              data-testid="signature-clear"
            >
              {t('signing.pad.clear')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={4}>
          <TextInput label={t('signing.pad.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} data-testid="signature-name" />
          <Text
            dir="ltr"
            ta="center"
            style={{
              fontFamily: TYPED_FONT,
              fontSize: 36,
              color: '#1a237e',
              minHeight: 56,
              border: '1px dashed var(--mantine-color-gray-5)',
              borderRadius: 6,
              background: 'white',
            }}
          >
            {name}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
